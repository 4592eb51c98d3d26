"""The report's tables sort by a click on a heading: the script run by Node on a small DOM."""

from __future__ import annotations

import json
import subprocess

from boardrules.sim.report import SORT_SCRIPT

# Just enough of the DOM for the script: one table, its heading row and its body rows.
_DOM = """
const el = (tag, text) => ({tag, textContent: text || '', children: [], dataset: {},
  listeners: {}, parentNode: null,
  addEventListener(type, f) { this.listeners[type] = f; },
  closest(tag) { let n = this; while (n && n.tag !== tag) n = n.parentNode; return n; },
  appendChild(child) {
    const i = this.children.indexOf(child);
    if (i >= 0) this.children.splice(i, 1);
    this.children.push(child); child.parentNode = this; return child; },
});
const table = el('table'), head = el('tr'), body = el('tbody');
table.appendChild(head); table.appendChild(body);
Object.defineProperty(table, 'tBodies', {get() { return [body]; }});
Object.defineProperty(body, 'rows', {get() { return body.children; }});
const data = JSON.parse(process.argv[1]);
data.headers.forEach(h => head.appendChild(el('th', h)));
data.rows.forEach(r => { const tr = el('tr'); r.forEach(c => tr.appendChild(el('td', c)));
  body.appendChild(tr); });
globalThis.document = {querySelectorAll: () => head.children};
"""
_CLICKS = """
const order = [];
for (const column of data.clicks) {
  head.children[column].listeners.click();
  order.push(body.children.map(tr => tr.children[0].textContent));
}
console.log(JSON.stringify(order));
"""


def test_a_click_sorts_numbers_as_numbers_and_text_as_text(needs_node: dict[str, str]) -> None:
    data = {
        "headers": ["name", "win rate", "count"],
        "rows": [["b", "9.5% – 12.0%", "10"], ["a", "31.2% – 35.4%", "9"],
                 ["c", "100.0% – 100.0%", "200"]],
        "clicks": [1, 1, 2, 0],
    }
    out = subprocess.run(
        [needs_node["node"], "-e", _DOM + SORT_SCRIPT + _CLICKS, json.dumps(data)],
        capture_output=True, text=True, check=True,
    ).stdout
    assert json.loads(out) == [
        ["c", "a", "b"],  # win rate, descending: 100 > 31.2 > 9.5 (not as text)
        ["b", "a", "c"],  # the same heading again: ascending
        ["c", "b", "a"],  # count, descending: 200 > 10 > 9
        ["c", "b", "a"],  # name, descending
    ]
