import Head from 'next/head';
import Script from 'next/script';
import { useSession } from 'next-auth/react';
import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useTranslation } from 'next-i18next/pages';
import type { ScreenViewProps } from '../kit/shell/withPage';

interface SwaggerRequest {
  headers: Record<string, string>;
}
interface ViewerWindow {
  SwaggerUIBundle?: (options: Record<string, unknown>) => unknown;
}

/** Swagger UI or ReDoc over the live /openapi.json; their bundles load only on these pages. */
export function ApiViewer({ title, kind }: ScreenViewProps & { kind: 'swagger' | 'redoc' }) {
  return kind === 'swagger' ? <SwaggerViewer title={title} /> : <RedocViewer title={title} />;
}

/**
 * ReDoc in a document of its own (/api/assets/redoc.html). It renders with a React of its own, and
 * its `destroy` (2.5) unmounts a new root rather than the one it made: in the page's DOM, leaving
 * the page while it was still laying out let it remove nodes the page's React had removed.
 */
function RedocViewer({ title }: { title: string }) {
  return (
    <section>
      <h1 className="h3">{title}</h1>
      <iframe
        id="api-viewer"
        data-testid="api-viewer"
        src="/api/assets/redoc.html"
        title={title}
        className="w-100 bg-white rounded border d-block"
        style={{ height: 'calc(100vh - 10rem)', minHeight: '30rem' }}
      />
    </section>
  );
}

/**
 * Swagger UI sends "Try it out" calls with the signed-in user's token, so it stays in the page.
 *
 * It draws once its bundle has loaded. next/script calls `onReady` only for the mount that started
 * the load (and for mounts after it loaded): a view mounted again while the bundle was still on its
 * way (the person left and came back, say) hears only `onLoad`. Either one marks the bundle ready, and
 * each mount draws into its own element once it is.
 */
function SwaggerViewer({ title }: { title: string }) {
  const { t } = useTranslation('common');
  const { data: session } = useSession();
  const token = session?.accessToken;
  const tokenRef = useRef(token);
  useEffect(() => {
    tokenRef.current = token;
  }, [token]);
  const [bundle, setBundle] = useState<'loading' | 'ready' | 'failed'>('loading');
  const markReady = () => setBundle('ready');
  useEffect(() => {
    const draw = (window as unknown as ViewerWindow).SwaggerUIBundle;
    if (bundle !== 'ready' || !draw) return;
    draw({
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
  }, [bundle]);
  return (
    <section>
      <Head>
        {/* eslint-disable-next-line @next/next/no-css-tags -- the viewer's own stylesheet, loaded on this page only */}
        <link rel="stylesheet" href="/api/assets/swagger-ui.css" />
      </Head>
      <h1 className="h3">{title}</h1>
      {/* Until the bundle runs; Swagger UI then says itself that it is reading the document. */}
      {bundle === 'loading' && (
        <p role="status" className="text-body-secondary" data-testid="api-viewer-loading">
          {t('apiViewer.loading')}
        </p>
      )}
      {bundle === 'failed' && (
        <Alert variant="danger" data-testid="api-viewer-failed">
          {t('apiViewer.failed')}
        </Alert>
      )}
      <div id="api-viewer" data-testid="api-viewer" className="bg-white rounded border p-2" />
      <Script
        src="/api/assets/swagger-ui.js"
        strategy="afterInteractive"
        onReady={markReady}
        onLoad={markReady}
        onError={() => setBundle('failed')}
      />
    </section>
  );
}
