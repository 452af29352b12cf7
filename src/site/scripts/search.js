// The search page's own script, allowed by its sha256 in the page's
// Content-Security-Policy: it starts Pagefind's UI, or, without the index
// (`ladder serve`, or a copy without `pagefind/`), says so.
if (window.PagefindUI) {
  var ui = new PagefindUI({ element: "#search", showImages: false, showSubResults: true, autofocus: true });
  var input = document.querySelector("#search input");
  if (input) {
    input.id = "search-input";
    document.querySelector(".search-label").hidden = false;
  }
  var q = new URLSearchParams(location.search).get("q");
  if (q) ui.triggerSearch(q);
} else {
  document.getElementById("search-missing").hidden = false;
}
