import { describe, expect, it } from 'vitest';
import { IMAGE_ONLY_SLOTS, REQUIRED_SLOTS_BY_KIND } from '@portal/shared/schemas/files';
import { IMAGE_SLOTS, NEW_FORM_SLOTS } from './formValues';

describe('the document slots of the new form', () => {
  it('are exactly the slots the server requires, in the legacy image1..image6 order', () => {
    expect([...NEW_FORM_SLOTS]).toEqual([...REQUIRED_SLOTS_BY_KIND.New]);
  });
  it('take only images where the server accepts only images', () => {
    expect([...IMAGE_SLOTS]).toEqual(IMAGE_ONLY_SLOTS.filter((s) => (NEW_FORM_SLOTS as readonly string[]).includes(s)));
  });
});
