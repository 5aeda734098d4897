import { Children, isValidElement, type ReactNode } from 'react';

/**
 * The page's own scripts are asked for when the document has been parsed (DOMContentLoaded), not
 * when the browser first sees them in <head>.
 *
 * Why: with `defer` the browser fetches every chunk at once with the stylesheets and runs them
 * before its first paint, so the first screen waits for about 240 KB of JavaScript to arrive and
 * run, though the server has already rendered all of it. Asked for after parsing, the chunks no
 * longer compete with the stylesheets and usually run after the first paint.
 *
 * What stays as before: scripts inserted before the load event delay it, so `load` still comes
 * after the chunks have run and React has started hydrating (clicks before then are replayed by
 * React, as they were); `async = false` runs them in document order, as `defer` did.
 */
export function scriptsAfterParse(nodes: ReactNode): ReactNode {
  const kept: ReactNode[] = [];
  const sources: string[] = [];
  Children.forEach(nodes, (node) => {
    if (isValidElement<{ src?: unknown }>(node) && node.type === 'script' && typeof node.props.src === 'string')
      sources.push(node.props.src);
    else kept.push(node);
  });
  if (sources.length === 0) return nodes;
  return [...kept, <script key={`after-parse-${sources[0]}`} dangerouslySetInnerHTML={{ __html: afterParseLoader(sources) }} />];
}

/**
 * The inline loader: each call queues its sources; all queued sources are inserted, in order, once
 * the document is parsed (at once if it already is). Shared by every group of scripts on the page.
 */
export function afterParseLoader(sources: readonly string[]): string {
  // JSON of URLs cannot close the script element: `<` never appears in a chunk path, and the
  // escape below keeps it so for any path.
  const list = JSON.stringify(sources).replace(/</g, '\\u003c');
  return (
    '(function(w,d,s){var q=w.__afterParse;if(!q){q=w.__afterParse=[];' +
    'var go=function(){q.splice(0).forEach(function(u){var e=d.createElement("script");e.src=u;e.async=false;d.head.appendChild(e)})};' +
    'if(d.readyState==="loading")d.addEventListener("DOMContentLoaded",go);else setTimeout(go,0)}' +
    `q.push.apply(q,s)})(window,document,${list})`
  );
}
