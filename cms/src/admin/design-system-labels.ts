/**
 * Names Strapi's design system gives its controls by default, in English, where Strapi passes
 * none of its own: no message id reaches them, so no translation file can (the media library's
 * and our modals' close button, the date and time pickers of a date field). In the Persian
 * interface they are renamed in the page as they appear, for whoever hears or reads them.
 */
export const DESIGN_SYSTEM_DEFAULTS: Readonly<Record<string, string>> = {
  'Close modal': 'بستن',
  'Choose date': 'انتخاب تاریخ',
  'Choose time': 'انتخاب ساعت',
}

const isDefault = (text: string | null | undefined): text is string =>
  typeof text === 'string' && Object.hasOwn(DESIGN_SYSTEM_DEFAULTS, text.trim())

/** `root` itself (when it is an element) and the elements inside it that match `selector`. */
const matching = (root: Element | Document, selector: string): Element[] => [
  ...(root instanceof Element && root.matches(selector) ? [root] : []),
  ...Array.from(root.querySelectorAll(selector)),
]

/** Renames, in `root` and inside it, aria-labels and button texts that are one of the defaults. */
export function nameDesignSystemDefaults(root: Element | Document): void {
  for (const element of matching(root, '[aria-label]')) {
    const label = element.getAttribute('aria-label')
    if (isDefault(label)) element.setAttribute('aria-label', DESIGN_SYSTEM_DEFAULTS[label.trim()]!)
  }
  for (const button of matching(root, 'button')) {
    if (!isDefault(button.textContent)) continue
    // The name sits in a visually hidden text beside the icon: only that text node changes.
    const texts = button.ownerDocument.createTreeWalker(button, NodeFilter.SHOW_TEXT)
    for (let text = texts.nextNode(); text; text = texts.nextNode()) {
      if (isDefault(text.nodeValue)) text.nodeValue = DESIGN_SYSTEM_DEFAULTS[text.nodeValue.trim()]!
    }
  }
}

/** Keeps renaming them while the admin runs, as long as its language is Persian. */
export function watchDesignSystemDefaults(isPersian: () => boolean, doc: Document = document) {
  const observer = new MutationObserver((changes) => {
    if (!isPersian()) return
    for (const change of changes) {
      const target = change.target
      // Only what changed is looked at: a list of a hundred rows is not searched again per row.
      if (change.type === 'attributes' && target instanceof Element) {
        nameDesignSystemDefaults(target)
      }
      for (const added of Array.from(change.addedNodes)) {
        if (added instanceof Element) nameDesignSystemDefaults(added)
      }
    }
  })
  observer.observe(doc.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['aria-label'],
  })
  return () => observer.disconnect()
}
