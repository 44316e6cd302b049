import type { deadlines as bn } from '../bn/deadlines.js';

/** English messages: deadlines per stage (docs/decisions/040-stage-deadlines.md). */
export const deadlines = {
  'deadlines.v.target': 'Enter a whole number of working days from 1 to 60.',
  'deadlines.v.holiday': 'This holiday is not a real date.',
  'deadlines.v.holidayCount': 'At most 200 holidays can be kept.',

  'deadlines.settings.group': 'Deadlines',
  'deadlines.settings.intro':
    'How many working days each stage should take. Fridays, Saturdays and the holidays below are not counted. Work past its deadline is marked red in the lists and on the dashboards.',
  'deadlines.settings.unit': 'working days',
  'deadlines.settings.save': 'Save deadlines',
  'deadlines.settings.saving': 'Saving…',
  'deadlines.settings.saved': 'Deadlines and holidays saved.',
  'deadlines.settings.saveFailed': 'Deadlines could not be saved: {message}',

  'deadlines.pipeline.new': 'New and existing-well applications',
  'deadlines.pipeline.renewal': 'Renewals',
  'deadlines.pipeline.change': 'Name or plot changes',
  'deadlines.stage.new.StepOne': 'Chairman’s check',
  'deadlines.stage.new.StepTwo': 'UNO’s check',
  'deadlines.stage.new.StepThree': 'BADC inspection',
  'deadlines.stage.new.Pending': 'First decision (pending)',
  'deadlines.stage.new.Approvable': 'Approval (approvable)',
  'deadlines.stage.new.NotApprovable': 'Final decision (not approvable)',
  'deadlines.stage.renewal.StepOne': 'Chairman’s check',
  'deadlines.stage.renewal.StepTwo': 'UNO’s check',
  'deadlines.stage.renewal.StepThree': 'BADC renewal decision',
  'deadlines.stage.change.StepOne': 'Chairman’s check',
  'deadlines.stage.change.StepTwo': 'UNO’s check',
  'deadlines.stage.change.Pending': 'BADC change decision',

  'deadlines.holidays.title': 'Holidays',
  'deadlines.holidays.hint':
    'Public holidays besides the weekend (Friday and Saturday). "Every year" keeps the day every year; add holidays whose date moves (the Eids, Puja) with their date each year.',
  'deadlines.holidays.date': 'Holiday date',
  'deadlines.holidays.everyYear': 'This day every year',
  'deadlines.holidays.add': 'Add holiday',
  'deadlines.holidays.remove': 'Remove {date}',
  'deadlines.holidays.none': 'No holidays kept.',
  'deadlines.holidays.yearly': '{date} (every year)',
  'deadlines.holidays.pickDate': 'Choose a date.',
  'deadlines.holidays.duplicate': 'This day is already in the list.',

  'deadlines.col.age': 'Time',
  'deadlines.age': '{days} working days',
  'deadlines.overdue': 'Overdue by {days} working days',
  'deadlines.paused': 'Waiting for the applicant’s correction',
  'deadlines.dueOn': 'Due {date}',

  'deadlines.dash.title': 'Overdue work',
  'deadlines.dash.overdue': '{count} overdue',
  'deadlines.dash.open': '{count} in this stage · target {target} working days',
  'deadlines.dash.none': 'No stage has overdue work.',
  'deadlines.dash.othersInTime': 'No other stage has overdue work.',
  'deadlines.dash.loading': 'Counting deadlines…',
  'deadlines.dash.loadFailed': 'Deadlines could not be counted: {message}',

  'deadlines.citizen.due': 'This stage is expected to finish by {date}',
  'deadlines.citizen.late': 'This stage was expected to finish by {date}; the work is still in progress.',
} as const satisfies Record<keyof typeof bn, string>;
