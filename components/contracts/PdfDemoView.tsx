import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import { useTranslation } from 'next-i18next/pages';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { useShell } from '@/lib/client/settings-context';

/** sys/pdf/demo: the contract PDF rendered from fixed sample data, in Japanese or English. */
export function PdfDemoView({ title }: ScreenViewProps) {
  const { t } = useTranslation('contract');
  const { lang: pageLang } = useShell();
  const [lang, setLang] = useState<'jp' | 'en'>(pageLang === 'en' ? 'en' : 'jp');
  const url = `/api/pdf/demo?lang=${lang}`;
  return (
    <section data-testid="pdf-demo">
      <h1 className="h3">{title}</h1>
      <p className="text-muted">{t('ui.pdfDemo.intro')}</p>
      <div className="d-flex flex-wrap gap-3 align-items-center mb-3">
        <ButtonGroup aria-label={t('ui.pdfDemo.language')}>
          {(['jp', 'en'] as const).map((l) => (
            <Button
              key={l}
              variant={l === lang ? 'primary' : 'outline-primary'}
              onClick={() => setLang(l)}
              aria-pressed={l === lang}
              data-testid={`pdf-demo-lang-${l}`}
            >
              {t(`ui.languages.${l}`)}
            </Button>
          ))}
        </ButtonGroup>
        <a href={url} target="_blank" rel="noreferrer" data-testid="pdf-demo-open">
          {t('ui.openInNewTab')}
        </a>
        <a href={url} download={`sample-contract-${lang}.pdf`} data-testid="pdf-demo-download">
          {t('ui.download')}
        </a>
      </div>
      <iframe
        key={lang}
        src={url}
        title={t('ui.pdfFrame')}
        className="w-100 border rounded"
        style={{ height: '75vh' }}
        data-testid="pdf-demo-frame"
      />
    </section>
  );
}
