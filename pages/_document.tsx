import Document, { Head, Html, Main, NextScript, type DocumentContext, type DocumentInitialProps } from 'next/document';

interface Props extends DocumentInitialProps {
  htmlLang: string;
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
        <Head>
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        </Head>
        <body>
          <Main />
          <NextScript />
        </body>
      </Html>
    );
  }
}
