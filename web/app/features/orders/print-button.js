// The receipt page ships no React (it is a document to read and print), so its print button
// gets its one behaviour from this file, served from our own origin as the CSP requires.
for (const button of document.querySelectorAll('[data-print-button]')) {
  button.addEventListener('click', () => window.print())
}
