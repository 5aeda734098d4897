import Head from 'next/head';
import type { ReactNode } from 'react';
import { useShell } from '@/lib/client/settings-context';

/** The frame of the sign-in, error and provider pages: logo, title, one card. */
export function CenteredCard({ title, children }: { title: string; children: ReactNode }) {
  const { settings } = useShell();
  return (
    <>
      <Head>
        <title>{`${settings.systemTitle} | ${title}`}</title>
      </Head>
      <main className="centered-card-page">
        <div className="centered-card card shadow-sm">
          <div className="card-body p-4">
            <div className="d-flex align-items-center gap-2 mb-3">
              {/* eslint-disable-next-line @next/next/no-img-element -- the logo is a setting */}
              <img src={settings.logo.url} width={settings.logo.width} height={settings.logo.height} alt="" />
              <span className="fw-semibold">{settings.systemTitle}</span>
            </div>
            <h1 className="h4 mb-3">{title}</h1>
            {children}
          </div>
        </div>
      </main>
    </>
  );
}
