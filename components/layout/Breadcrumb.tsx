import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { BREADCRUMB_MAX, truncate } from '@/lib/format/truncate';
import { useShell } from '@/lib/client/settings-context';

export interface Crumb {
  title: string;
  /** Path without the language prefix; the last crumb has none. */
  path?: string;
}

export function Breadcrumb({ trail }: { trail: Crumb[] }) {
  const { t } = useTranslation('common');
  const { lang } = useShell();
  return (
    <nav aria-label={t('breadcrumb')} className="app-breadcrumb">
      <ol className="breadcrumb mb-0">
        {trail.map((crumb, i) => {
          const last = i === trail.length - 1;
          const label = truncate(crumb.title, BREADCRUMB_MAX);
          return (
            <li
              key={`${crumb.path ?? ''}-${i}`}
              className={`breadcrumb-item${last ? ' active' : ''}`}
              aria-current={last ? 'page' : undefined}
              title={crumb.title}
            >
              {last || !crumb.path ? label : <Link href={`/${lang}${crumb.path === '/' ? '' : crumb.path}`}>{label}</Link>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
