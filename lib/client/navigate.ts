/** A full-page navigation (its own module, so unit tests can watch where a page goes). */
export function navigate(url: string): void {
  window.location.assign(url);
}
