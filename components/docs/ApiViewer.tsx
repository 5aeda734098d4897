import Head from 'next/head';
import Script from 'next/script';
import { useSession } from 'next-auth/react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { ScreenViewProps } from '../kit/shell/withPage';

interface SwaggerRequest {
  headers: Record<string, string>;
}
interface ViewerWindow {
  SwaggerUIBundle?: (options: Record<string, unknown>) => unknown;
  Redoc?: {
    init: (url: string, options: Record<string, unknown>, element: HTMLElement | null, done?: () => void) => void;
    destroy: (element: HTMLElement) => void;
  };
}

/** Swagger UI or ReDoc over the live /openapi.json; their bundles load only on these pages. */
export function ApiViewer({ title, kind }: ScreenViewProps & { kind: 'swagger' | 'redoc' }) {
  const { data: session } = useSession();
  const token = session?.accessToken;
  const tokenRef = useRef(token);
  useEffect(() => {
    tokenRef.current = token;
  }, [token]);
  const viewerRef = useRef<HTMLDivElement>(null);
  const mounted = useRef(false);
  // ReDoc renders with a React of its own: leaving the page by the menu must unmount it before this
  // page's React removes its element, or ReDoc's next update removes nodes that are gone (a console error).
  useLayoutEffect(() => {
    const element = viewerRef.current;
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (kind === 'redoc' && element) (window as unknown as ViewerWindow).Redoc?.destroy(element);
    };
  }, [kind]);
  const start = () => {
    // The bundle can finish loading after the person has already left the page.
    if (!mounted.current) return;
    const w = window as unknown as ViewerWindow;
    if (kind === 'swagger') {
      w.SwaggerUIBundle?.({
        url: '/openapi.json',
        dom_id: '#api-viewer',
        deepLinking: true,
        // 150 operations: sections start closed, with a filter box to find one.
        docExpansion: 'none',
        filter: true,
        // "Try it out" calls carry the signed-in user's token.
        requestInterceptor: (request: SwaggerRequest) => {
          if (tokenRef.current) request.headers.Authorization = `Bearer ${tokenRef.current}`;
          return request;
        },
        // Swagger UI shows "Servers" beside its select without tying them: name the select by it.
        onComplete: () => {
          const title = document.querySelector('#api-viewer .servers-title');
          const select = document.querySelector('#api-viewer #servers');
          if (title && select) {
            title.id ||= 'api-viewer-servers-title';
            select.setAttribute('aria-labelledby', title.id);
          }
        },
      });
    } else {
      const element = viewerRef.current;
      // ReDoc fetches the document before it renders: left meanwhile, it is unmounted once it has.
      w.Redoc?.init('/openapi.json', { hideDownloadButton: false, scrollYOffset: 56 }, element, () => {
        if (!mounted.current && element) w.Redoc?.destroy(element);
      });
    }
  };
  return (
    <section>
      {kind === 'swagger' && (
        <Head>
          {/* eslint-disable-next-line @next/next/no-css-tags -- the viewer's own stylesheet, loaded on this page only */}
          <link rel="stylesheet" href="/api/assets/swagger-ui.css" />
        </Head>
      )}
      <h1 className="h3">{title}</h1>
      <div id="api-viewer" ref={viewerRef} data-testid="api-viewer" className="bg-white rounded border p-2" />
      <Script
        src={kind === 'swagger' ? '/api/assets/swagger-ui.js' : '/api/assets/redoc.js'}
        strategy="afterInteractive"
        onReady={start}
      />
    </section>
  );
}
