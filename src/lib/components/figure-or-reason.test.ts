import { describe, expect, it } from 'vitest';
import { createRawSnippet } from 'svelte';
import { render } from 'svelte/server';
import { err, ok } from '$lib/engine/result';
import FigureOrReason from './FigureOrReason.svelte';

const figure = createRawSnippet((value: () => number) => ({
  render: () => `<output>${value()} hits</output>`
}));

describe('FigureOrReason', () => {
  it('shows the figure from the value and no alert when the engine answers', () => {
    const { body } = render(FigureOrReason<number>, {
      props: { result: ok(3), children: figure }
    });
    expect(body).toContain('<output>3 hits</output>');
    expect(body).not.toContain('role="alert"');
  });

  it('shows the reason in role="alert", led by the ship’s name if given, and no figure', () => {
    const { body } = render(FigureOrReason<number>, {
      props: {
        result: err('Crew must be a whole number from 0 to 200.'),
        name: 'Surprise',
        testid: 'pv-morale-error',
        children: figure
      }
    });
    expect(body).not.toContain('<output>');
    expect(body).toMatch(
      /<p class="error" role="alert" data-testid="pv-morale-error">\s*Surprise: Crew must be a whole number from 0 to 200\.\s*<\/p>/
    );
    const bare = render(FigureOrReason<number>, {
      props: { result: err('No dice.'), children: figure }
    }).body;
    expect(bare).toMatch(/<p class="error" role="alert">\s*No dice\.\s*<\/p>/);
    expect(bare).not.toContain('data-testid');
  });
});
