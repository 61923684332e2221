// The host's theme as the app's "preferred color scheme" (issue 25, defect 4). An app frame in a browser
// answers `prefers-color-scheme` with the browser's (or the OS's) preference, never with VS Code's theme,
// and Chromium does not pass an embedder's `color-scheme` on to a frame: an app written for
// `@media (prefers-color-scheme: dark)` stayed light in a dark theme. So the app's document starts with
// a small script (after its Content-Security-Policy, before any of its own code) that answers that one
// media feature from the theme the host gives it, live:
//   - `matchMedia()` for queries that name prefers-color-scheme, with `change` events when it flips;
//   - the app's style sheets' `@media` rules (and `media` attributes) that name it, rewritten in place;
//   - a `<meta name="color-scheme" content="light dark">` (an app that supports both) becomes the one
//     scheme the theme has, so `light-dark()` and the browser's own colours follow too.
// The theme arrives first in the HTML (the theme at load) and then through the host's own messages,
// which the script reads as the app's AppBridge does: `ui/initialize`'s hostContext and every
// `ui/notifications/host-context-changed`. It runs with the app's rights, in the app's sandbox, and
// changes nothing else. No `vscode`.

/** The script, for a document first shown in `theme`. Plain ES2017, no dependencies; inline (the app's script-src allows inline). */
export function colorSchemeScript(theme: 'light' | 'dark'): string {
  return `<script>(${SHIM})(${JSON.stringify(theme === 'dark')});</script>`;
}

const SHIM = `function (dark) {
  'use strict';
  var FEATURE = /\\(\\s*prefers-color-scheme\\s*:\\s*(dark|light)\\s*\\)/gi;
  var ALWAYS = '(min-width: 0px)', NEVER = '(max-width: -1px)';
  var names = function (text) { return typeof text === 'string' && FEATURE.test(text) && !(FEATURE.lastIndex = 0); };
  // A query with the feature replaced by one that always or never matches, as the theme says.
  var resolve = function (text) { return text.replace(FEATURE, function (_, scheme) { return (scheme.toLowerCase() === 'dark') === dark ? ALWAYS : NEVER; }); };
  var realMatchMedia = window.matchMedia.bind(window);
  var lists = [];
  function ThemeMediaQueryList(query) {
    var target = new EventTarget();
    var list = Object.create(MediaQueryList.prototype, {
      media: { value: query }, matches: { get: function () { return realMatchMedia(resolve(query)).matches; } },
      onchange: { value: null, writable: true },
      addEventListener: { value: target.addEventListener.bind(target) }, removeEventListener: { value: target.removeEventListener.bind(target) },
      dispatchEvent: { value: target.dispatchEvent.bind(target) },
      addListener: { value: function (f) { target.addEventListener('change', f); } }, removeListener: { value: function (f) { target.removeEventListener('change', f); } },
    });
    lists.push({ list: list, target: target, matched: list.matches });
    return list;
  }
  window.matchMedia = function (query) { return names(String(query)) ? ThemeMediaQueryList(String(query)) : realMatchMedia(query); };
  var originals = new WeakMap();
  function rewriteRules(rules) {
    for (var i = 0; rules && i < rules.length; i++) {
      var rule = rules[i];
      if (rule.media && typeof rule.media.mediaText === 'string') {
        var original = originals.get(rule);
        if (original === undefined && names(rule.media.mediaText)) originals.set(rule, (original = rule.media.mediaText));
        if (original !== undefined) rule.media.mediaText = resolve(original);
      }
      var inner; try { inner = rule.cssRules; } catch (e) { inner = null; }
      if (inner) rewriteRules(inner);
    }
  }
  function rewrite() {
    for (var i = 0; i < document.styleSheets.length; i++) {
      var rules; try { rules = document.styleSheets[i].cssRules; } catch (e) { continue; } // another origin's sheet
      rewriteRules(rules);
    }
    var elements = document.querySelectorAll('[media]');
    for (var j = 0; j < elements.length; j++) {
      var element = elements[j], kept = originals.get(element);
      if (kept === undefined && names(element.getAttribute('media'))) originals.set(element, (kept = element.getAttribute('media')));
      if (kept !== undefined) element.setAttribute('media', resolve(kept));
    }
    var meta = document.querySelector('meta[name="color-scheme" i]');
    if (meta) {
      var declared = originals.get(meta);
      if (declared === undefined) originals.set(meta, (declared = meta.getAttribute('content') || ''));
      if (/\\blight\\b/i.test(declared) && /\\bdark\\b/i.test(declared)) meta.setAttribute('content', dark ? 'dark' : 'light');
    }
  }
  function apply(next) {
    if (next !== dark) {
      dark = next;
      for (var i = 0; i < lists.length; i++) {
        var entry = lists[i], now = entry.list.matches;
        if (now === entry.matched) continue;
        entry.matched = now;
        var event = new MediaQueryListEvent('change', { matches: now, media: entry.list.media });
        entry.target.dispatchEvent(event);
        if (typeof entry.list.onchange === 'function') entry.list.onchange.call(entry.list, event);
      }
    }
    rewrite();
  }
  window.addEventListener('message', function (event) {
    var data = event.source === window.parent ? event.data : null;
    if (!data || data.jsonrpc !== '2.0') return;
    var context = data.method === 'ui/notifications/host-context-changed' ? data.params : data.result && data.result.hostContext;
    if (context && (context.theme === 'dark' || context.theme === 'light')) apply(context.theme === 'dark');
  });
  // Style sheets and <meta> arrive as the document is parsed and as the app adds them; other changes
  // (an app redrawing its numbers every second) are not looked at.
  var STYLING = /^(STYLE|LINK|META)$/;
  var styling = function (node) { return node.nodeType === 1 && (STYLING.test(node.nodeName) || node.hasAttribute('media') || !!node.querySelector('style,link,meta,[media]')); };
  new MutationObserver(function (mutations) {
    for (var i = 0; i < mutations.length; i++) {
      var m = mutations[i];
      if (m.target.nodeName === 'STYLE' || Array.prototype.some.call(m.addedNodes, styling)) return rewrite();
    }
  }).observe(document, { childList: true, subtree: true });
  document.addEventListener('DOMContentLoaded', rewrite);
  window.addEventListener('load', rewrite);
}`;
