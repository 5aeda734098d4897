import type { KoaContextWithOIDC } from 'oidc-provider';

type Lang = 'jp' | 'en';

const text = {
  signOutTitle: { jp: 'サインアウト', en: 'Signing out' },
  signOutBody: { jp: 'サインアウトしています…', en: 'Signing you out…' },
  signOutButton: { jp: 'サインアウトする', en: 'Sign out' },
  signedOutTitle: { jp: 'サインアウトしました', en: 'Signed out' },
  signedOutBody: { jp: 'サインアウトが完了しました。', en: 'You have been signed out.' },
  backHome: { jp: 'ホームへ戻る', en: 'Back to the home page' },
  errorTitle: { jp: 'サインインできませんでした', en: 'Sign-in could not continue' },
  errorBody: {
    jp: 'もう一度最初からお試しください。問題が続く場合は管理者にお問い合わせください。',
    en: 'Please start again. If the problem persists, contact your administrator.',
  },
} satisfies Record<string, Record<Lang, string>>;

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The provider's own pages follow the language the platform stored in the `lang` cookie. */
export function langOf(ctx: KoaContextWithOIDC): Lang {
  const fromParams = String(ctx.oidc?.params?.ui_locales ?? '');
  if (fromParams.startsWith('en')) return 'en';
  return ctx.cookies.get('lang') === 'en' ? 'en' : 'jp';
}

function page(lang: Lang, title: string, body: string): string {
  return `<!DOCTYPE html><html lang="${lang === 'jp' ? 'ja' : 'en'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,"Hiragino Sans","Noto Sans JP",sans-serif;background:#f5f6f8;margin:0}
main{max-width:420px;margin:12vh auto;background:#fff;border-radius:8px;padding:32px;box-shadow:0 2px 8px rgba(0,0,0,.08)}
h1{font-size:1.3rem;margin:0 0 16px}button,a.btn{display:inline-block;background:#c8102e;color:#fff;border:0;border-radius:4px;padding:8px 16px;font-size:1rem;text-decoration:none;cursor:pointer}</style>
</head><body><main>${body}</main></body></html>`;
}

export function logoutPage(ctx: KoaContextWithOIDC, form: string): string {
  const lang = langOf(ctx);
  // The platform already asked the user; the form submits itself and keeps a button as fallback.
  const autoForm = form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
  return page(
    lang,
    text.signOutTitle[lang],
    `<h1>${text.signOutTitle[lang]}</h1><p>${text.signOutBody[lang]}</p>${autoForm}
<button type="submit" form="op.logoutForm">${text.signOutButton[lang]}</button>
<script>document.getElementById('op.logoutForm').submit()</script>`,
  );
}

export function postLogoutPage(ctx: KoaContextWithOIDC, home: string): string {
  const lang = langOf(ctx);
  return page(
    lang,
    text.signedOutTitle[lang],
    `<h1>${text.signedOutTitle[lang]}</h1><p>${text.signedOutBody[lang]}</p><a class="btn" href="${escapeHtml(home)}">${text.backHome[lang]}</a>`,
  );
}

export function errorPage(ctx: KoaContextWithOIDC, home: string, code: string): string {
  const lang = langOf(ctx);
  return page(
    lang,
    text.errorTitle[lang],
    `<h1>${text.errorTitle[lang]}</h1><p>${text.errorBody[lang]}</p><p><code>${escapeHtml(code)}</code></p><a class="btn" href="${escapeHtml(home)}">${text.backHome[lang]}</a>`,
  );
}
