// How many schools one account may found (issue 17 item 18): a person founds one school, a few at most when trying
// things out; dozens in minutes are someone filling the database. Counted in the audit log ('school.create' by the
// account), which outlives a removed school, over the last 24 hours.

export const SCHOOLS_PER_ACCOUNT_PER_DAY = 3;

const schoolsWord = (n: number) =>
  new Intl.PluralRules('cs').select(n) === 'one' ? 'autoškolu' : new Intl.PluralRules('cs').select(n) === 'few' ? 'autoškoly' : 'autoškol';

export const SCHOOL_LIMIT_MESSAGES = {
  createLimit: `Za posledních 24 hodin jste založili ${SCHOOLS_PER_ACCOUNT_PER_DAY} ${schoolsWord(SCHOOLS_PER_ACCOUNT_PER_DAY)}, víc jich jeden účet za den založit nemůže. Zkuste to prosím zítra.`,
} as const;
