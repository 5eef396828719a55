/** Small server-rendered pages (single sign-on failures): no script, one inline style sheet. */
export const PAGE_CONTENT_SECURITY = { defaultSrc: ["'none'"], styleSrc: ["'unsafe-inline'"], formAction: ["'self'"], frameAncestors: ["'none'"] };

/** PAGE_CONTENT_SECURITY as a header value, for pages written where no route policy applies (a library's own answer). */
export const PAGE_CONTENT_SECURITY_HEADER = Object.entries(PAGE_CONTENT_SECURITY)
  .map(([directive, sources]) => `${directive.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)} ${sources.join(' ')}`)
  .join('; ');

const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:12vh auto;padding:0 1.5rem;color:#1f2328}h1{font-size:1.5rem}' +
  'p.ref{color:#59636e;font-size:.85rem}a{color:#0969da}label{display:block;margin:.75rem 0 .25rem}input{width:100%;padding:.5rem;font:inherit;box-sizing:border-box}' +
  'button{margin:1rem .5rem 0 0;padding:.5rem 1rem;font:inherit;cursor:pointer}ul{padding-left:1.25rem}';

/** A whole page; `body` is HTML the caller built with `escapeHtml` around anything not its own. */
export function htmlPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
${body}
</body>
</html>
`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
