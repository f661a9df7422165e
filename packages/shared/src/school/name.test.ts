import { describe, expect, it } from 'vitest';
import { schoolWithWord } from './name.ts';

describe("the school's name after 'autoškola'", () => {
  it("adds the word to a name without it, in the sentence's case", () => {
    expect(schoolWithWord('Řidičák Plus', 'nominative')).toBe('autoškola Řidičák Plus');
    expect(schoolWithWord('Řidičák Plus', 'genitive')).toBe('autoškoly Řidičák Plus');
    expect(schoolWithWord(' Řidičák Plus ', 'locative')).toBe('autoškole Řidičák Plus');
    // A word that only starts like it is not it.
    expect(schoolWithWord('Autoškolák Brno', 'genitive')).toBe('autoškoly Autoškolák Brno');
  });

  it("never writes it twice: a name starting with 'autoškola' (any case, with or without the háček) takes the case itself", () => {
    expect(schoolWithWord('Autoškola Volant Brno', 'nominative')).toBe('Autoškola Volant Brno');
    expect(schoolWithWord('Autoškola Volant Brno', 'genitive')).toBe('Autoškoly Volant Brno');
    expect(schoolWithWord('autoškola Volant', 'locative')).toBe('autoškole Volant');
    expect(schoolWithWord('AUTOŠKOLA VOLANT', 'genitive')).toBe('AUTOŠKOLY VOLANT');
    expect(schoolWithWord('Autoskola Novák', 'instrumental')).toBe('Autoskolou Novák');
    expect(schoolWithWord('Autoškola', 'accusative')).toBe('Autoškolu');
    expect(schoolWithWord('Autoškola – Jan Novák', 'dative')).toBe('Autoškole – Jan Novák');
  });
});
