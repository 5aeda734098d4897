// @ts-check
const path = require('path');

/** Languages are a route segment (/jp/…, /en/…), never detected from the browser. */
/** @type {import('next-i18next/pages').UserConfig} */
module.exports = {
  i18n: { defaultLocale: 'jp', locales: ['jp', 'en'], localeDetection: false },
  fallbackLng: 'jp',
  defaultNS: 'common',
  localePath: typeof window === 'undefined' ? path.resolve('./locales') : '/locales',
  reloadOnPrerender: process.env.NODE_ENV === 'development',
  serializeConfig: false,
  interpolation: { escapeValue: false },
};
