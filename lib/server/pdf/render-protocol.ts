/** What the render thread answers: that it has loaded, or one PDF's bytes or error by request id. */
export type RenderReply = { ready: true } | { id: number; bytes: Uint8Array } | { id: number; error: string; stack?: string };
