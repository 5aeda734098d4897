import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { BREADCRUMB_MAX, truncate } from '@/lib/format/truncate';
import { useShell } from '@/lib/client/settings-context';
import { useRecordCrumbLabel } from './record-crumb';

export interface Crumb {
  title: string;
  /** Path without the language prefix; the last crumb has none. */
  path?: string;
}

export function Breadcrumb({ trail }: { trail: Crumb[] }) {
  const { t } = useTranslation('common');
  const { lang } = useShell();
  const record = useRecordCrumbLabel();
  // The record a page shows follows the screen's title as the last crumb.
  const crumbs = record ? [...trail, { title: record }] : trail;
  return (
    <nav aria-label={t('breadcrumb')} className="app-breadcrumb">
      <ol className="breadcrumb mb-0">
        {crumbs.map((crumb, i) => {
          const last = i === crumbs.length - 1;
          const label = truncate(crumb.title, BREADCRUMB_MAX);
          return (
            <li
              key={`${crumb.path ?? ''}-${i}`}
              className={`breadcrumb-item${last ? ' active' : ''}`}
              aria-current={last ? 'page' : undefined}
              title={crumb.title}
            >
              {last || !crumb.path ? (
                label
              ) : (
                <Link href={`/${lang}${crumb.path === '/' ? '' : crumb.path}`} prefetch={false}>
                  {label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
