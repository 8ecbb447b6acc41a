// Joining the table: the room's QR code opens this page with the room's secret, and
// the player types a name; without it, the page asks for the short code shown on
// the table screen (the room's, or a seat's). The phone keeps its secret in the
// room, so it comes back to its place after a reload or a locked screen.
"use strict";

const room = params.get("r");

function words() {
  document.documentElement.lang = LANG;
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
}

document.getElementById("lang").append(langSwitch(words));
words();
const own = localStorage.getItem("member");
if (own) {  // this phone joined before: its page is one tap away
  document.getElementById("back").href = `/phone?m=${encodeURIComponent(own)}`;
  document.getElementById("again").hidden = false;
}
document.getElementById("join").hidden = Boolean(room);
document.getElementById("name-form").hidden = !room;
if (room) document.getElementById("name").focus();
const error = document.getElementById("error");

document.getElementById("join").addEventListener("submit", async (e) => {
  e.preventDefault();
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

document.getElementById("name-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const input = document.getElementById("name");
  try {
    const { token, url } = await post("/api/room/join", { room, name: input.value.trim() });
    localStorage.setItem("member", token);
    error.textContent = "";
    location.assign(url);
  } catch (err) {
    error.textContent = err.message;
    input.select();
  }
});
