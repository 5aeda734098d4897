// @vitest-environment jsdom
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterParseLoader, scriptsAfterParse } from '@/lib/page/scripts-after-parse';

afterEach(() => {
  vi.useRealTimers();
  document.head.innerHTML = '';
  delete (window as { __afterParse?: unknown }).__afterParse;
});

/** Runs the loader text with the given window and document, as the browser would run it inline. */
function run(loader: string, win: object, doc: object): void {
  new Function('window', 'document', loader)(win, doc);
}

describe('scriptsAfterParse', () => {
  const nextScripts = [
    <script key="bootstrap" dangerouslySetInnerHTML={{ __html: 'self.TURBOPACK=[]' }} />,
    <script key="a" src="/_next/static/chunks/a.js" defer />,
    <script key="b" src="/_next/static/chunks/b.js" defer />,
    null,
    <script key="m" src="/_next/static/BUILD/_buildManifest.js" defer />,
  ];

  it('keeps inline scripts and replaces every script source with one loader, in document order', () => {
    const html = renderToStaticMarkup(<>{scriptsAfterParse(nextScripts)}</>);
    expect(html).not.toMatch(/<script[^>]*\ssrc=/);
    expect(html).toContain('self.TURBOPACK=[]');
    expect(html.indexOf('self.TURBOPACK=[]')).toBeLessThan(html.indexOf('__afterParse'));
    const order = ['a.js', 'b.js', '_buildManifest.js'].map((name) => html.indexOf(name));
    expect(order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1]))).toBe(true);
  });

  it('leaves a group without script sources as it was', () => {
    const inline = [<script key="x" dangerouslySetInnerHTML={{ __html: '1' }} />];
    expect(scriptsAfterParse(inline)).toBe(inline);
  });

  it('never lets a source close the inline script', () => {
    expect(afterParseLoader(['/x</script><script>alert(1)//.js'])).not.toContain('</script>');
  });
});

describe('the loader in the page', () => {
  it('asks for nothing while the document is parsed, then inserts every group in order, run in order', () => {
    const listeners: (() => void)[] = [];
    const doc = {
      readyState: 'loading',
      head: document.head,
      createElement: (tag: string) => document.createElement(tag),
      addEventListener: (type: string, listener: () => void) => {
        if (type === 'DOMContentLoaded') listeners.push(listener);
      },
    };
    const win = {};
    run(afterParseLoader(['/a.js', '/b.js']), win, doc);
    run(afterParseLoader(['/c.js']), win, doc);
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
    expect(listeners).toHaveLength(1);

    listeners[0]();
    const inserted = [...document.head.querySelectorAll('script')];
    expect(inserted.map((s) => s.getAttribute('src'))).toEqual(['/a.js', '/b.js', '/c.js']);
    // Inserted scripts are async unless told otherwise; false keeps `defer`'s order.
    expect(inserted.every((s) => s.async === false)).toBe(true);
  });

  it('inserts at once (next task) when the document is already parsed', () => {
    vi.useFakeTimers();
    run(afterParseLoader(['/late.js']), window, document);
    expect(document.head.querySelector('script')).toBeNull();
    vi.runAllTimers();
    expect(document.head.querySelector('script')?.getAttribute('src')).toBe('/late.js');
  });
});
