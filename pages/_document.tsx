import Document, { Head, Html, Main, NextScript, type DocumentContext, type DocumentInitialProps } from 'next/document';
import type { ReactElement } from 'react';
import { scriptsAfterParse } from '@/lib/page/scripts-after-parse';

interface Props extends DocumentInitialProps {
  htmlLang: string;
}

type Files = Parameters<Head['getScripts']>[0];

/**
 * Next's head, whose page scripts are asked for once the document is parsed (see
 * scriptsAfterParse). Only in production: the development server's scripts are left as Next
 * writes them.
 */
class AppHead extends Head {
  getScripts(files: Files) {
    const scripts = super.getScripts(files);
    return process.env.NODE_ENV === 'production' ? (scriptsAfterParse(scripts) as ReactElement[]) : scripts;
  }

  getDynamicChunks(files: Files) {
    const chunks = super.getDynamicChunks(files);
    return process.env.NODE_ENV === 'production' ? (scriptsAfterParse(chunks) as ReactElement[]) : chunks;
  }
}

/** `<html lang>` follows the route's language: jp is Japanese, whose code is `ja`. */
export default class AppDocument extends Document<Props> {
  static async getInitialProps(ctx: DocumentContext): Promise<Props> {
    const initial = await Document.getInitialProps(ctx);
    const segment = String(ctx.query.lang ?? ctx.pathname.split('/')[1] ?? '');
    return { ...initial, htmlLang: segment === 'en' ? 'en' : 'ja' };
  }

  render() {
    return (
      <Html lang={this.props.htmlLang} data-scroll-behavior="smooth">
        <AppHead>
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        </AppHead>
        <body>
          <Main />
          <NextScript />
        </body>
      </Html>
    );
  }
}
