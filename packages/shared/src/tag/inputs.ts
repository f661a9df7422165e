// Tag inputs with the Czech messages of spec §5. Shared by the form and the procedures.
import { z } from 'zod';
import { TAG_ENTITY_TYPES } from '../enums.ts';
import { text, uuidInput } from '../validation.ts';

export const tagInput = z.object({
  name: text('Prosím zadejte název štítku!')
    .trim()
    .min(1, { error: 'Prosím zadejte název štítku!', abort: true })
    .max(50, 'Název štítku může mít nejvýše 50 znaků'),
  color: text('Prosím vyberte barvu!').regex(/^#[0-9a-fA-F]{6}$/, 'Prosím vyberte barvu!'),
});
export type TagInput = z.input<typeof tagInput>;

export const tagEntityInput = z.object({
  entityId: uuidInput,
  entityType: z.enum(TAG_ENTITY_TYPES),
});
export const tagLinkInput = tagEntityInput.extend({ tagId: uuidInput });
