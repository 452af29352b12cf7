// The reload script of `ladder serve`, put before `</body>` of every page it
// serves. Its element carries the build's version and where to ask for news;
// it polls: a new version reloads the page, errors show over it.
(() => {
  const here = document.currentScript.dataset;
  const events = here.events;
  let version = Number(here.version);
  const show = (errors) => {
    let box = document.getElementById("ladder-errors");
    if (!errors.length) { if (box) box.remove(); return; }
    if (!box) {
      box = document.createElement("div");
      box.id = "ladder-errors";
      box.setAttribute("role", "alert");
      box.style.cssText = "position:fixed;inset:auto 0 0 0;max-height:60vh;overflow:auto;margin:0;padding:1rem;background:#2b0d0d;color:#ffe9e9;font:14px/1.4 monospace;white-space:pre-wrap;z-index:99999;border-top:4px solid #e04848";
      document.body.appendChild(box);
    }
    box.textContent = "ladder: the last rebuild failed; showing the last good page.\n\n" + errors.join("\n\n");
  };
  const poll = async (first) => {
    try {
      const r = await fetch(events + (first ? "" : "?since=" + version), { cache: "no-store" });
      const news = await r.json();
      if (news.errors.length) { version = news.version; show(news.errors); }
      else if (news.version !== version) { location.reload(); return; }
      else show([]);
      poll(false);
    } catch (e) { setTimeout(() => poll(false), 1000); }
  };
  poll(true);
})();
