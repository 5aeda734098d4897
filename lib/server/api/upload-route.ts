import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A route whose body is an upload read as it arrives (no body parser). An upload cut short makes
 * the request emit 'error', perhaps while the caller is still being authenticated and nothing reads
 * the body yet; the reader hears it later (a stream remembers its error), and an error nobody
 * listened for must not take the process down meanwhile.
 */
export function uploadRoute<Req extends IncomingMessage, Res extends ServerResponse>(
  route: (req: Req, res: Res) => Promise<void>,
): (req: Req, res: Res) => Promise<void> {
  return (req, res) => {
    req.on('error', () => undefined);
    return route(req, res);
  };
}
