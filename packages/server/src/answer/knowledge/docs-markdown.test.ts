import { describe, expect, it } from 'vitest';
import { parseArticle } from './article.js';
import { fromDocsMarkdown } from './docs-markdown.js';

function sections(body: string) {
  const source = `---\nid: bags\nlang: en\ntitle: Bags\n---\n# Bags\n\n${body}`;
  return parseArticle('en/bags.md', source, 'en').sections.map((s) => ({
    heading: s.parent ? `${s.parent.replace(/\n/g, ' › ')} › ${s.heading}` : s.heading,
    text: s.text,
  }));
}

describe('Markdown of a documentation generator', () => {
  it('leaves a body without its extensions as it is', () => {
    const body = '## Cabin bags\n\nOne bag of 8 kg: EUR 20.\n\n- Size: 55 × 40 × 23 cm';
    expect(fromDocsMarkdown(body)).toBe(body);
  });

  it("reads a note's text in its section, led by the note's title, and drops bare kinds", () => {
    expect(
      sections(
        [
          '## Cabin bags {#cabin}',
          '',
          'One cabin bag of 9 kg is included in Bedem.',
          '',
          '!!! warning "Power banks"',
          '    Power banks travel in the cabin only, up to 100 Wh.',
          '',
          '> [!IMPORTANT]',
          '> The sizer at the gate is 56 × 36 × 23 cm.',
          '',
          ':::tip',
          'Buy the bag online: EUR 18.',
          ':::',
        ].join('\n'),
      ),
    ).toEqual([
      {
        heading: 'Cabin bags',
        text: [
          'One cabin bag of 9 kg is included in Bedem.',
          'Power banks: Power banks travel in the cabin only, up to 100 Wh.',
          'The sizer at the gate is 56 × 36 × 23 cm.',
          'Buy the bag online: EUR 18.',
        ].join('\n'),
      },
    ]);
  });

  it('reads a collapsible question and each content tab as a section under the heading', () => {
    expect(
      sections(
        [
          '## Checked bags',
          '',
          'Weigh your bag at home.',
          '',
          '=== "Školj"',
          '',
          '    - No checked bag; add one for EUR 29.',
          '    - Extra kilo: EUR 11.',
          '',
          '=== "Kula"',
          '',
          '    Two bags of 26 kg.',
          '',
          '??? question "Can two of us share one allowance?"',
          '    No, each passenger has their own allowance.',
        ].join('\n'),
      ),
    ).toEqual([
      { heading: 'Checked bags', text: 'Weigh your bag at home.' },
      {
        heading: 'Checked bags › Školj',
        text: 'No checked bag; add one for EUR 29.\nExtra kilo: EUR 11.',
      },
      { heading: 'Checked bags › Kula', text: 'Two bags of 26 kg.' },
      {
        heading: 'Checked bags › Can two of us share one allowance',
        text: 'No, each passenger has their own allowance.',
      },
    ]);
  });

  it('reads a definition list as "term: definition" lines', () => {
    expect(
      sections(
        [
          '## Fares',
          '',
          'Školj',
          ':   a personal item only, 42 × 32 × 18 cm',
          '',
          'Bedem',
          '',
          ':   a 9 kg cabin bag',
          ':   one 21 kg checked bag',
        ].join('\n'),
      )[0]?.text,
    ).toBe(
      'Školj: a personal item only, 42 × 32 × 18 cm\nBedem: a 9 kg cabin bag; one 21 kg checked bag',
    );
  });

  it('places a footnote after the block that refers to it, as a note under a table', () => {
    const text = sections(
      [
        '## Pet fees',
        '',
        '| region | fee |',
        '| --- | --- |',
        '| Balkans | EUR 40[^balkans] |',
        '| Danube | EUR 55 |',
        '',
        'Book the pet by phone.',
        '',
        '## Contact',
        '',
        'Write to us.',
        '',
        '[^balkans]: Only on flights of',
        '    the ATR 72.',
      ].join('\n'),
    );
    expect(text).toEqual([
      {
        heading: 'Pet fees',
        text: 'Balkans: fee: EUR 40¹\nDanube: fee: EUR 55\n¹ Only on flights of the ATR 72.\nBook the pet by phone.',
      },
      { heading: 'Contact', text: 'Write to us.' },
    ]);
  });

  it('reads abbreviations as glossary lines, and leaves out comments and attribute lists', () => {
    expect(
      sections(
        [
          '## Assistance',
          '',
          'Ask for PRM help 48 h ahead. <!-- was 36 h -->',
          '<!--',
          'Old phone: +382 20 111 111',
          '-->',
          '[Write to us](mailto:care@mamulaair.example){ .md-button }',
          '',
          '*[PRM]: Passenger with reduced mobility',
        ].join('\n'),
      )[0]?.text,
    ).toBe('Ask for PRM help 48 h ahead.\nWrite to us\nPRM – Passenger with reduced mobility');
  });
});
