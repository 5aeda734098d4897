import { useEffect, useState } from 'react';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import useSWR from 'swr';
import { coreClient } from '@/lib/client/api';
import { useShell } from '@/lib/client/settings-context';

/** Where a product's verification page lives: APP_URL/{lang}/verify/{product key}. */
export function verifyUrl(template: string, lang: string, productKey: string): string {
  return template.replace('{lang}', lang).replace('{id}', encodeURIComponent(productKey));
}

/** The verification page's address template from the issuer's connection info (built on APP_URL). */
function useVerifyPageTemplate(): string | null {
  const { settings } = useShell();
  const token = useSession().data?.accessToken;
  const { data } = useSWR(token ? ['issue-conn', token] : null, async () => {
    const answer = await coreClient(settings.coreApiUrl).GET('/api/core/issue/conn', { token });
    return answer?.status === 0 ? answer.data.endpoints.verifyPage : null;
  });
  return data ?? null;
}

/**
 * The QR code printed on an approved product's packaging: it opens the public verification page,
 * where anyone sees whether the product's license is valid now.
 */
export function ProductQr({ productKey }: { productKey: string }) {
  const { t } = useTranslation('wallet');
  const { lang } = useShell();
  const [svg, setSvg] = useState<string | null>(null);
  const template = useVerifyPageTemplate();
  const url = template ? verifyUrl(template, lang, productKey) : '';

  useEffect(() => {
    if (!url) return;
    let live = true;
    // qrcode is only needed here: load it with the first approved product shown.
    void import('qrcode').then(async (qr) => {
      const drawn = await qr.toString(url, { type: 'svg', margin: 1, width: 160, errorCorrectionLevel: 'M' });
      if (live) setSvg(drawn);
    });
    return () => {
      live = false;
    };
  }, [url]);

  return (
    <div className="d-flex align-items-center gap-3 border rounded p-2 mb-3" data-testid="product-qr">
      <div
        style={{ width: 120, height: 120 }}
        role="img"
        aria-label={t('qr.alt')}
        data-testid="product-qr-image"
        // The SVG comes from the qrcode library for our own URL; nothing user-supplied is inside.
        dangerouslySetInnerHTML={svg ? { __html: svg.replace('<svg ', '<svg width="120" height="120" ') } : undefined}
      />
      <div className="small">
        <div className="fw-semibold">{t('qr.title')}</div>
        <div className="text-muted mb-1">{t('qr.help')}</div>
        <a href={url} target="_blank" rel="noreferrer" data-testid="product-verify-link" className="text-break">
          {url}
        </a>
      </div>
    </div>
  );
}
