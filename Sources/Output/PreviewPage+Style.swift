extension PreviewPage {
  /// The page's style: one column that reflows down to 320 CSS pixels (and so at 400% zoom of a
  /// 1280-pixel window), no fixed widths, long words broken anywhere; light and dark schemes
  /// (`prefers-color-scheme`) whose text, link and badge colours keep a contrast of at least 4.5:1
  /// on every background they sit on (tinted panels and the highlighted target block included); a
  /// 3-pixel focus ring on whatever has keyboard focus.
  static let style = """
    :root{color-scheme:light dark;--bg:#fff;--fg:#1b1b1b;--muted:#4d4d4d;--link:#0b57d0;--line:#8a8a8a;\
    --panel:#f4f4f4;--focus:#b3261e;--err:#a4000f;--warn:#7a4d00;--mark:#fff3c4}
    @media (prefers-color-scheme:dark){:root{--bg:#141414;--fg:#ececec;--muted:#c2c2c2;--link:#9ec1ff;\
    --line:#8a8a8a;--panel:#222;--focus:#ffb4a9;--err:#ffb3b3;--warn:#ffd27a;--mark:#3a3000}}
    *{box-sizing:border-box}
    body{margin:0;background:var(--bg);color:var(--fg);font:1rem/1.5 system-ui,-apple-system,"Segoe UI",sans-serif}
    header,main,footer{max-width:64rem;margin:0 auto;padding:0 1rem}
    a{color:var(--link)}
    h1{font-size:1.6rem;overflow-wrap:anywhere}h2{font-size:1.35rem;margin-top:2rem}h3{font-size:1.1rem;margin:.25rem 0}
    :focus-visible{outline:3px solid var(--focus);outline-offset:2px}
    .skip{position:absolute;left:-10000px}.skip:focus{position:static;display:inline-block;padding:.5rem}
    .rotors{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,17rem),1fr));gap:1rem}
    .rotor{border:1px solid var(--line);border-radius:.4rem;padding:.5rem .75rem;background:var(--panel);min-width:0}
    .rotor ol{padding-left:1.75rem;margin:.25rem 0}
    .rotor li{margin:.15rem 0;overflow-wrap:anywhere}
    .rotor li a{display:inline-block;min-height:24px;padding:.1rem 0}
    summary{cursor:pointer;min-height:24px;padding:.1rem 0}
    .value,.meta{color:var(--muted)}
    .tag{font-weight:bold}
    .blocks{list-style:none;padding:0}
    .blocks>li{border-left:3px solid var(--line);padding:.25rem .75rem;margin:.5rem 0;\
    overflow-wrap:anywhere;min-width:0}
    .blocks>li>.meta::before{content:counter(list-item) ". "}
    .blocks>li:target{background:var(--mark)}
    .blocks>li:target .meta,.blocks>li:target .value{color:var(--fg)}
    .d1{margin-left:.5rem}.d2{margin-left:1rem}.d3{margin-left:1.5rem}.d4{margin-left:2rem}
    .meta{font-size:.9rem;margin:0}
    .text,.speech,.source code{white-space:pre-wrap;overflow-wrap:anywhere}
    .text{margin:.25rem 0;font-size:1.05rem}
    .speech{margin:.25rem 0;font-style:italic}.says{font-style:normal;font-weight:bold}
    .clip{margin:.25rem 0}audio{max-width:100%}
    .findings{margin:.25rem 0;padding-left:1.25rem}
    .sev-error{color:var(--err);font-weight:bold}.sev-warning{color:var(--warn);font-weight:bold}
    .blocks>li:target .sev-error,.blocks>li:target .sev-warning{color:var(--fg)}
    .source{padding-left:4rem;overflow-wrap:anywhere}.source li:target{background:var(--mark)}
    """

  /// The page's one script, a convenience only: following a rotor item's link (or the skip link)
  /// moves keyboard focus to its target as well as scrolling there, so the next Tab continues from
  /// the item's place. Without it the links still scroll to the place (`:target` highlights it).
  static let script = """
    document.addEventListener('click',function(e){var a=e.target.closest('a[href^="#"]');if(!a)return;\
    var t=document.getElementById(a.getAttribute('href').slice(1));if(t){if(!t.hasAttribute('tabindex'))\
    t.setAttribute('tabindex','-1');setTimeout(function(){t.focus();},0);}});
    """

  /// The page's Content-Security-Policy: nothing is loaded from anywhere (`default-src 'none'`), and
  /// the only style and script the browser applies are the page's own `<style>` block and `<script>`,
  /// named by their SHA-256 (computed from `style` and `script` as written, once per run). No
  /// `'unsafe-inline'`: should a document's text ever slip through escaping as markup, its
  /// `<script>`, `onerror=` or `style=` is refused by the browser. Clips come from `data:` or from the
  /// page's own folder (`PAGE-audio/`).
  package static let contentSecurityPolicy =
    "default-src 'none'; style-src 'sha256-\(SHA256.base64Digest(of: Array(style.utf8)))'; "
    + "script-src 'sha256-\(SHA256.base64Digest(of: Array(script.utf8)))'; media-src 'self' data:; img-src data:"
}
