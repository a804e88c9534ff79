import { describe, expect, it } from 'vitest';
import { parseArticle } from './article.js';
import { fromHtml } from './html-body.js';

const FRONT = `---
id: bags
lang: en
title: Bags
---
`;

describe('an article body exported from a CMS as HTML', () => {
  const article = parseArticle(
    'en/bags.md',
    `${FRONT}<h1>Bags</h1>
<p class="intro">Our rules for bags on every fare.</p>
<h2>Cabin bag: 10&nbsp;kg</h2>
<p>A <strong>cabin bag</strong> may weigh up to 10 kg and measure 55 &times; 40 &times; 20 cm.<br>It goes in the overhead locker.</p>
<ul>
  <li>Included on <em>Plus</em> and Flex</li>
  <li>On Basic: &euro;15 online
    <ul><li>EUR 30 at the airport</li></ul>
  </li>
</ul>
<h2>Fees by zone</h2>
<table class="fees">
<thead><tr><th>Item</th><th>Balkans</th><th>Europe</th></tr></thead>
<tbody>
<tr><td>Extra bag (EUR)</td><td>30</td><td>45</td></tr>
<tr><td>Overweight, per kg</td><td>EUR 8</td><td>EUR 11</td></tr>
</tbody>
</table>

## Sports equipment

Bicycles cost EUR 50.
- Skis: EUR 40
`,
    'en',
  );

  it('makes its headings sections and its paragraphs and lists their text', () => {
    expect(article.intro).toBe('Our rules for bags on every fare.');
    expect(article.sections.map((s) => s.heading)).toEqual([
      'Cabin bag: 10 kg',
      'Fees by zone',
      'Sports equipment',
    ]);
    expect(article.sections[0]?.text).toBe(
      [
        'A cabin bag may weigh up to 10 kg and measure 55 × 40 × 20 cm. It goes in the overhead locker.',
        'Included on Plus and Flex',
        'On Basic: €15 online; EUR 30 at the airport',
      ].join('\n'),
    );
  });

  it('reads its tables as Markdown tables, a row at a time', () => {
    expect(article.sections[1]?.text).toBe(
      [
        'Extra bag: Balkans: 30 EUR; Europe: 45 EUR',
        'Overweight, per kg: Balkans: EUR 8; Europe: EUR 11',
      ].join('\n'),
    );
  });

  it('keeps the Markdown an editor wrote beside the HTML', () => {
    expect(article.sections[2]?.text).toBe('Bicycles cost EUR 50.\nSkis: EUR 40');
  });

  it('leaves a Markdown body with inline HTML only as it is', () => {
    const markdown = '## Fees\n\nEUR 30<sup>1</sup> per bag<br>on every fare.\n';
    expect(fromHtml(markdown)).toBe(markdown);
  });
});
