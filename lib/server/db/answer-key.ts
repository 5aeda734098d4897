/**
 * What an answer-cache entry is stored under, and which statements may not be cached at all
 * whatever their tables (lib/server/db/answer-cache.ts).
 */

/** Separates the key's parts; never in a shape's number or a JSON text (where it is escaped). */
const SEP = '\u0001';

function jsonValue(_key: string, value: unknown): unknown {
  // JSON has no bigint; the tag keeps 1n apart from the number 1 and the text "1".
  return typeof value === 'bigint' ? { bigint: value.toString() } : value;
}

/**
 * The key of one answer: the statement's shape (its key or a number standing for it), every bound
 * value in order with its JSON type, and the caller's resolved scope. Two callers whose scope
 * differs never share an entry, even where the statement would give both the same rows.
 */
export function answerKey(shape: string, params: readonly unknown[], scope: string): string {
  return `${shape}${SEP}${JSON.stringify(params, jsonValue)}${SEP}${scope}`;
}

/** A caller's scope for the key: who it is and every access entry it holds, in a fixed order. */
export function callerScope(caller: { sub: string; access: readonly string[] }): string {
  return `${caller.sub}\n${[...caller.access].sort().join('\n')}`;
}

/**
 * Functions and keywords whose value changes with time, the session or on every call: a statement
 * using one gives another answer with no table written, so it is never cached.
 */
const UNSTABLE =
  /\b(now|current_timestamp|current_date|current_time|localtime|localtimestamp|clock_timestamp|statement_timestamp|transaction_timestamp|timeofday|age|random|random_normal|setseed|gen_random_uuid|uuid_generate_v[14]|nextval|currval|lastval|setval|current_user|session_user|current_role|current_setting|txid_current\w*|pg_current_xact_id\w*|pg_backend_pid|inet_client_addr|pg_sleep\w*|pg_advisory_\w+|pg_try_advisory_\w+|pg_notify|set_config|dblink\w*)\b/i;

/** Text PostgreSQL reads as the current time when cast to a date or timestamp. */
const TIME_WORDS = /^\s*(now|today|tomorrow|yesterday)\s*$/i;

/**
 * Why a statement's text may not be cached whatever it reads (an unstable function, or a literal
 * that means the current time), or undefined. Quoted names are left out: a column may be called "age".
 */
export function unstableText(text: string): string | undefined {
  let bare = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      let end = i + 1;
      for (;;) {
        end = text.indexOf(c, end);
        if (end === -1) return 'an unterminated quote';
        if (text[end + 1] === c) end += 2;
        else break;
      }
      const inside = text.slice(i + 1, end);
      if (c === "'" && TIME_WORDS.test(inside)) return `the literal '${inside.trim()}'`;
      bare += ' ';
      i = end + 1;
    } else {
      bare += c;
      i++;
    }
  }
  const found = UNSTABLE.exec(bare);
  return found ? found[1]!.toLowerCase() : undefined;
}

/** Whether a bound value is text PostgreSQL may read as the current time (checked per request). */
export function timeWordIn(params: readonly unknown[]): boolean {
  return params.some((p) => typeof p === 'string' && p.length < 16 && TIME_WORDS.test(p));
}
