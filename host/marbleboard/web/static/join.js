// Joining a seat by the short code shown beside its QR code on the table screen,
// for phones that cannot scan it: the code gives the seat's own link, once.
"use strict";

function words() {
  document.documentElement.lang = LANG;
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
}

document.getElementById("lang").append(langSwitch(words));
words();
document.getElementById("join").addEventListener("submit", async (e) => {
  e.preventDefault();
  const error = document.getElementById("error");
  const input = document.getElementById("code");
  try {
    const { url } = await post("/api/join", { code: input.value.trim() });
    error.textContent = "";
    location.assign(url);
  } catch (err) {
    error.textContent = err.message;
    input.select();
  }
});
