import { render } from '@testing-library/react';
import ReactMarkdown from 'react-markdown';
import { describe, expect, it } from 'vitest';
import Markdown from './Markdown';
import { splitFigures } from './keepFiguresTogether';

const figures = (text: string) =>
  splitFigures(text)
    .filter((p) => p.figure)
    .map((p) => p.text);

describe('figures kept on one line', () => {
  it('finds sizes, weights, prices either way round, percentages and phone numbers', () => {
    expect(figures('Ručni prtljag do 8 kg i 55 × 40 × 23 cm, naknada EUR 30 ili 30 EUR.')).toEqual([
      '8 kg',
      '55 × 40 × 23 cm',
      'EUR 30',
      '30 EUR',
    ]);
    expect(figures('2 x 23 kg, 10 %, 1.500,00 €, € 12, 48 sati, 40 min, +382 20 000 000')).toEqual([
      '2 x 23 kg',
      '10 %',
      '1.500,00 €',
      '€ 12',
      '48 sati',
      '40 min',
      '+382 20 000 000',
    ]);
  });

  it('leaves words, years and glued figures alone', () => {
    expect(figures('Za 5 mjesta, 10 godina, u 2024. godini, 8kg, 3 mačke')).toEqual([]);
    const text = 'Cijena je 50 EUR po djetetu.';
    expect(
      splitFigures(text)
        .map((p) => p.text)
        .join(''),
    ).toBe(text);
  });

  it('wraps each figure of a rendered answer in a nowrap span, text and Markdown unchanged', () => {
    const text =
      'Kabinski kofer: **do 8 kg**, najviše 55 × 40 × 23 cm.\n\n- Naknada: EUR 30\n\n`8 kg`';
    const { container } = render(<Markdown text={text} />);
    const spans = [...container.querySelectorAll('span.whitespace-nowrap')].map(
      (s) => s.textContent,
    );
    expect(spans).toEqual(['8 kg', '55 × 40 × 23 cm', 'EUR 30']);
    expect(container.querySelector('strong')?.textContent).toBe('do 8 kg');
    expect(container.querySelector('li')?.textContent).toBe('Naknada: EUR 30');
    // Code keeps its own text; what is read aloud or copied is exactly the answer's text.
    expect(container.querySelector('code')?.innerHTML).toBe('8 kg');
    const { container: plain } = render(<ReactMarkdown>{text}</ReactMarkdown>);
    expect(container.textContent).toBe(plain.textContent);
  });
});
