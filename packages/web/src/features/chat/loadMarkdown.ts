/**
 * The Markdown renderer is the largest dependency of the page: it stays out of the first load,
 * and is fetched when the browser is idle so the first answer does not wait for it.
 */
export const loadMarkdown = () => import('./Markdown');
