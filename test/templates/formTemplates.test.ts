import { describe, expect, it } from '@jest/globals';
import { InputError } from '../../src/errors/LedgerscanError.js';
import { builtinTemplateNames, listTemplates, loadBuiltinTemplate } from '../../src/templates/templateCatalog.js';
import { parseTemplate } from '../../src/templates/parseTemplate.js';

const FORMS = ['anlage-so', 'form8949', 'sa108', 'turbotax-gains'];

const form = {
  name: 'my-form',
  title: 'A form',
  docs: 'https://example.org',
  confidence: 'unconfirmed',
  layout: 'gains',
  fileName: 'my-form.csv',
  columns: [{ header: 'gain', field: 'gain' }],
};

function problems(json: unknown): string {
  try {
    parseTemplate(json, 'my-form.json');
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return String((error as InputError).details.problems);
  }
  throw new Error('accepted');
}

/** The tax forms are templates like any other: listed with their confidence, read from a file, checked key by key. */
describe('tax form templates', () => {
  it('lists the four forms with their confidence, apart from the templates over ledger entries', () => {
    const listed = listTemplates().filter((template) => FORMS.includes(template.name));
    expect(listed.map((template) => [template.name, template.confidence])).toEqual([
      ['anlage-so', 'partly'],
      ['form8949', 'partly'],
      ['sa108', 'partly'],
      ['turbotax-gains', 'unconfirmed'],
    ]);
    expect(builtinTemplateNames().filter((name) => !builtinTemplateNames({ forms: false }).includes(name))).toEqual(FORMS);
    expect(loadBuiltinTemplate('form8949').form?.totals?.fileName).toBe('schedule-d.csv');
    expect(loadBuiltinTemplate('sa108').form?.needs).toEqual({ methods: ['uk'], profiles: [], currency: 'GBP' });
    expect(loadBuiltinTemplate('turbotax').form).toBeNull();
  });

  it('accepts a form of its own with its totals and needs', () => {
    const template = parseTemplate(
      {
        ...form,
        needs: { methods: ['fifo'], profiles: ['us'], currency: 'USD' },
        totals: { layout: 'schedule-d', fileName: 'totals.csv', columns: [{ header: 'line', field: 'line' }] },
      },
      'my-form.json',
    );
    expect(template.form).toMatchObject({ totals: { layout: 'schedule-d', fileName: 'totals.csv' }, needs: { methods: ['fifo'] } });
  });

  it('names every problem: a ledger field, a key forms do not read, bad needs, totals anywhere else', () => {
    const found = problems({
      ...form,
      columns: [{ header: 'x', field: 'sent.amount' }],
      fee: { placement: 'row' },
      needs: { methods: ['fifo', 'magic'], currency: 'usd' },
      totals: { layout: 'gains', fileName: '../x.csv', columns: [{ header: 'y', field: 'line' }] },
    });
    expect(found).toContain('$.columns[0].field: unknown field "sent.amount" for layout gains');
    expect(found).toContain('$.fee: a tax form (layout gains) does not read it');
    expect(found).toContain('$.needs.methods: must be a non-empty list of fifo, lifo, hifo, average, uk');
    expect(found).toContain('$.needs.currency: must be an ISO currency code');
    expect(found).toContain('$.totals.layout: must be "schedule-d"');
    expect(found).toContain('$.totals.fileName: must be a plain file name');
    const ledger = problems({ ...form, layout: 'entry', columns: [{ header: 'a', field: 'amount.signed' }], totals: {} });
    expect(ledger).toContain('$.totals: only a tax form has it');
  });
});
