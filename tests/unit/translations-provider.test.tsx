// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import type { AppProps } from 'next/app';
import { Profiler } from 'react';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { withTranslations } from '@/lib/client/translations-provider';

const config = { i18n: { defaultLocale: 'jp', locales: ['jp', 'en'] }, defaultNS: 'common', fallbackLng: 'jp' };
const store = (lang: string, hello: string) => ({
  _nextI18Next: { initialI18nStore: { [lang]: { common: { hello } } }, initialLocale: lang, ns: ['common'], userConfig: null },
});

let renders = 0;
function Greeting() {
  const { t } = useTranslation('common');
  return <p data-testid="greeting">{t('hello')}</p>;
}
function App(_props: AppProps) {
  // Each commit of the translating component: its first one, and any render after it.
  return (
    <Profiler id="greeting" onRender={() => (renders += 1)}>
      <Greeting />
    </Profiler>
  );
}
const Wrapped = withTranslations(App, config);
const props = (pageProps: object) => ({ pageProps, Component: () => null, router: {} }) as unknown as AppProps;

afterEach(() => {
  cleanup();
  renders = 0;
});

describe('the app with its translations', () => {
  it('renders a translating component once on the first load, in the page language', async () => {
    await act(async () => {
      render(<Wrapped {...props(store('jp', 'こんにちは'))} />);
    });
    expect(screen.getByTestId('greeting').textContent).toBe('こんにちは');
    // next-i18next's wrapper announced the same language again after the first render, and every
    // translating component rendered a second time.
    expect(renders).toBe(1);
  });

  it('shows the new language after a navigation to the other language', async () => {
    const view = render(<Wrapped {...props(store('jp', 'こんにちは'))} />);
    await act(async () => {
      view.rerender(<Wrapped {...props(store('en', 'Hello'))} />);
    });
    expect(screen.getByTestId('greeting').textContent).toBe('Hello');
  });
});
