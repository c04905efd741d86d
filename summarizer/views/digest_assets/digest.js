// The digest page's filters: domain, contribution type, has code, has numbers, free text.
// Works offline: it only reads the cards' data-* attributes and text.
"use strict";
(() => {
  const cards = Array.from(document.querySelectorAll("article.card"));
  const haystack = new Map(cards.map((c) => [c, c.textContent.toLowerCase()]));
  const picked = { domain: new Set(), type: new Set() };
  const toggles = Array.from(document.querySelectorAll("[data-group][data-value]"));
  const code = document.getElementById("f-code");
  const numbers = document.getElementById("f-numbers");
  const query = document.getElementById("f-q");
  const shown = document.getElementById("f-shown");
  const none = document.getElementById("f-none");

  function keep(card) {
    const d = card.dataset;
    if (picked.domain.size && !picked.domain.has(d.domain)) return false;
    if (picked.type.size && !d.types.split(" ").some((t) => picked.type.has(t))) return false;
    if (code.checked && d.code !== "1") return false;
    if (numbers.checked && d.numbers !== "1") return false;
    const words = query.value.toLowerCase().split(/\s+/).filter(Boolean);
    return words.every((w) => haystack.get(card).includes(w));
  }

  function apply() {
    let n = 0;
    for (const card of cards) {
      const ok = keep(card);
      card.hidden = !ok;
      n += ok ? 1 : 0;
    }
    shown.textContent = String(n);
    none.hidden = n > 0;
    for (const el of toggles) {
      el.setAttribute("aria-pressed", String(picked[el.dataset.group].has(el.dataset.value)));
    }
  }

  function flip(el) {
    const set = picked[el.dataset.group];
    const value = el.dataset.value;
    if (set.has(value)) set.delete(value);
    else set.add(value);
    apply();
  }

  for (const el of toggles) {
    el.addEventListener("click", () => flip(el));
    el.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        flip(el);
      }
    });
  }
  code.addEventListener("change", apply);
  numbers.addEventListener("change", apply);
  query.addEventListener("input", apply);
  document.getElementById("f-clear").addEventListener("click", () => {
    picked.domain.clear();
    picked.type.clear();
    code.checked = false;
    numbers.checked = false;
    query.value = "";
    apply();
  });
  apply();
})();
