import fontUrl from 'vazirmatn/misc/Non-Latin/fonts/webfonts/Vazirmatn-NL[wght].woff2?url'

export const PERSIAN = 'fa'

// The key Strapi's admin keeps the chosen interface language under.
const LANGUAGE_KEY = 'strapi-admin-language'

/**
 * A browser that has never chosen a language opens the admin in Persian: our editors and
 * moderators write Persian all day. Someone who picks English (on the sign-in page or in their
 * profile) keeps it, because Strapi stores that choice under the same key.
 */
export function preferPersianInterface(storage: Storage = window.localStorage): void {
  if (!storage.getItem(LANGUAGE_KEY)) storage.setItem(LANGUAGE_KEY, PERSIAN)
}

// Strapi's design system lays the admin out left to right and cannot be flipped (see
// docs/decisions/041-the-strapi-admin-in-persian.md). What can be right is the text itself:
// - every field a person types into takes its direction from what is typed, paragraph by
//   paragraph, so a Persian sentence ends with its full stop on the left and "TOEFL" inside it
//   stays in place;
// - in the Persian interface, labels, messages, table cells and the choices of a drop-down do the
//   same, so punctuation and numbers sit where a Persian reader expects them;
// - Persian letters are drawn in Vazirmatn (the site's font, Persian glyphs only), Latin ones in
//   the design system's own font.
const TYPOGRAPHY = `
@font-face {
  font-family: 'ArzPol Persian';
  src: url('${fontUrl}') format('woff2');
  font-weight: 100 900;
  font-display: swap;
  unicode-range: U+0600-06FF, U+200C-200F, U+2066-2069, U+FB50-FDFF, U+FE70-FEFF;
}
body {
  font-family: 'ArzPol Persian', -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Oxygen,
    Ubuntu, Cantarell, 'Open Sans', 'Helvetica Neue', sans-serif;
}
input, textarea, [contenteditable='true'] > *, .cm-line {
  unicode-bidi: plaintext;
  text-align: start;
}
html[lang='fa'] :is(p, label, h1, h2, h3, h4, h5, h6, td, th, li, dt, dd, legend),
html[lang='fa'] :is([role='option'], [role='menuitem']) span {
  unicode-bidi: plaintext;
}
`

export function installPersianTypography(doc: Document = document): void {
  const style = doc.createElement('style')
  style.dataset.arzpol = 'persian-typography'
  style.textContent = TYPOGRAPHY
  doc.head.append(style)
}
