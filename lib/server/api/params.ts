import type { NextApiRequest } from 'next';
import { fieldError } from '../common/field-error';
import { AppError } from './errors';
import { looksLikeReference, normaliseReference } from '../refs/format';

/**
 * The one rule every route's identifiers obey before anything looks them up (issue #23): a path
 * segment (`/api/v1/IP/{id}`, `/api/core/query/wallet/of/{sub}`) is a short run of URL-safe
 * characters, else the record simply does not exist (404); a query-string value is text without
 * control characters or broken Unicode and of bounded length, else the parameter is named (400).
 * Routes still parse their own forms (a 48-character key, a sha-256), but nothing a database or
 * a library would choke on (a NUL byte, a lone surrogate, a megabyte of id) gets that far.
 */
// The first character may be '-' or '_' because base64url tokens (proof nonces, invitation
// tokens) start with either one time in 32; only a leading dot is refused ('.', '..').
export const PATH_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._~:@|+=-]{0,199}$/;
export const MAX_QUERY_VALUE = 2000;
const MAX_QUERY_VALUES = 50;

const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * A key, a name the route knows, or a reference as a person typed it (full-width digits, long-vowel
 * dashes: lib/server/refs/format.ts reads those the same way as their ASCII forms).
 */
export function isPathSegment(value: string): boolean {
  if (PATH_SEGMENT.test(value)) return true;
  return value.length <= 60 && looksLikeReference(value) && PATH_SEGMENT.test(normaliseReference(value));
}

/** Text a query string may carry: bounded, no control characters, well-formed Unicode. */
export function isQueryText(value: string): boolean {
  return value.length <= MAX_QUERY_VALUE && !CONTROL.test(value) && !LONE_SURROGATE.test(value);
}

/**
 * Names of the route's dynamic segments: Next puts them into `req.query` beside the search
 * parameters, so they are the names the URL's own query string does not carry.
 */
export function pathParamNames(req: Pick<NextApiRequest, 'query' | 'url'>): string[] {
  const search = new URLSearchParams((req.url ?? '').split('?')[1] ?? '');
  return Object.keys(req.query ?? {}).filter((name) => !search.has(name));
}

function asList(value: string | string[] | undefined): string[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

const badParameter = {
  jp: 'このパラメーターには使えない文字が含まれているか、長すぎます。',
  en: 'This parameter contains characters that are not allowed, or is too long.',
};

/** Refuses what the rule above refuses; called by apiRoute after access is checked. */
export function checkRequestParams(req: Pick<NextApiRequest, 'query' | 'url'>, lang: 'jp' | 'en'): void {
  const pathNames = new Set(pathParamNames(req));
  for (const [name, value] of Object.entries(req.query ?? {})) {
    const values = asList(value);
    if (pathNames.has(name)) {
      // A catch-all segment is a list of segments; each obeys the rule.
      if (values.length === 0 || !values.every(isPathSegment)) throw new AppError('not_found', 'not found');
      continue;
    }
    if (!isQueryText(name) || name.length > 100) {
      throw fieldError(lang, { _: { message: badParameter } });
    }
    if (values.length > MAX_QUERY_VALUES || !values.every(isQueryText)) {
      throw fieldError(lang, { [name]: { message: badParameter } });
    }
  }
}
