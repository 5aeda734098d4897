import { useSession } from 'next-auth/react';
import useSWR from 'swr';
import { api, type AnswerData } from '@/lib/client/api';
import { japanMonth, monthDays } from '@/lib/format/japan-calendar';
import type { Envelope } from '@/lib/client/fetcher';

export type RowErrors = Record<string, Record<string, string>>;

export interface ReportRecord {
  key: string;
  reference: string;
  licensee: string;
  period_start: string;
  period_end: string;
  state: string;
  source: string;
  file_name: string | null;
  row_count: number;
  totals: Record<string, { rows: number; units: number; net_sales: number; royalty: number }>;
  late: boolean;
  dateCreated: string;
}

/** What a way of sending a report (the form, a file) is given: whose report, for which month, and what to do once sent. */
export interface ReportSourceProps {
  licensee: string;
  period: { period_start: string; period_end: string };
  onDone: (report: ReportRecord) => void;
}

export type LicenseTotals = AnswerData<'/api/sales/totals', 'get'>[number];

/** Running totals per license (GET /api/sales/totals). */
export function useLicenseTotals(licensee: string | null | undefined, enabled = true) {
  const { data: session } = useSession();
  const token = session?.accessToken;
  const query = licensee ? `?licensee=${encodeURIComponent(licensee)}` : '';
  return useSWR(enabled && token ? ['sales-totals', query, token] : null, async () => {
    const answer = await api.GET('/api/sales/totals', { params: { query: { licensee: licensee || undefined } }, token });
    if (answer?.status !== 0) throw new Error('totals');
    return answer.data;
  });
}

/**
 * A JSON POST through XMLHttpRequest, for its upload progress: `onUpload` gets 0..1 while the
 * body goes out, then `onSent` once it has gone and the server is working on it.
 */
export function postWithProgress<T>(
  path: string,
  body: unknown,
  token: string | undefined,
  lang: 'jp' | 'en',
  onUpload: (fraction: number) => void,
  onSent: () => void,
): Promise<Envelope<T> | null> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${path}`);
    xhr.setRequestHeader('content-type', 'application/json');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('x-lang', lang);
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onUpload(e.loaded / e.total);
    };
    xhr.upload.onload = () => onSent();
    xhr.onload = () => {
      try {
        resolve(JSON.parse(xhr.responseText) as Envelope<T>);
      } catch {
        resolve(null);
      }
    };
    xhr.onerror = () => resolve(null);
    xhr.send(JSON.stringify(body));
  });
}

/** A file's bytes as base64, read in the browser. */
export function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** First and last day of a calendar month given as YYYY-MM. */
export function monthPeriod(month: string): { period_start: string; period_end: string } {
  const { start, end } = monthDays(month);
  return { period_start: start, period_end: end };
}

/** The calendar month before the one running in Japan, as YYYY-MM (the one usually reported). */
export function previousMonth(now = new Date()): string {
  return japanMonth(now, -1);
}
