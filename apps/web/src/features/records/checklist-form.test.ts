import { bhutanToday } from '@jarog/contracts';
import { describe, expect, it } from 'vitest';
import { checklistBody, checklistProblems, initialChecklistValues } from './checklist-form';

const PHOTO = 'data:image/png;base64,iVBORw0KGgo=';

describe('the Add Checklist form', () => {
  it('starts with today and one empty bird', () => {
    expect(initialChecklistValues('2026-11-21')).toEqual({ selectedDate: '2026-11-21', birds: [{}] });
  });

  it('sends what was filled in, tidied, with each photo beside its bird', () => {
    const body = checklistBody(
      {
        checklistName: '  Phobjikha   morning ',
        birder: 'Sonam Wangmo',
        selectedDate: '2026-03-07',
        selectedTime: '06:30',
        currentLocation: { latitude: 27.47, longitude: 90.18 },
        dzongkhag: 'Wangdue Phodrang',
        gewog: '',
        village: ' Gangtey ',
        birds: [
          { birdName: 'Black-necked Crane', adult: 8, juvenile: 2, total: null, remarks: ' feeding ' },
          { birdName: 'New bird - striped babbler', adult: null, juvenile: undefined, total: 1 },
        ],
      },
      [PHOTO, null],
    );
    expect(JSON.parse(JSON.stringify(body))).toEqual({
      checklistName: 'Phobjikha morning',
      birder: 'Sonam Wangmo',
      selectedDate: '2026-03-07',
      selectedTime: '06:30',
      currentLocation: { latitude: 27.47, longitude: 90.18 },
      dzongkhag: 'Wangdue Phodrang',
      village: 'Gangtey',
      birds: [
        { birdName: 'Black-necked Crane', adult: 8, juvenile: 2, remarks: 'feeding', photo: PHOTO },
        { birdName: 'New bird - striped babbler', total: 1, remarks: null, photo: null },
      ],
    });
    expect(checklistProblems(body)).toEqual([]);
  });

  it('leaves the coordinates out when none were given', () => {
    const body = checklistBody({ checklistName: 'x', selectedDate: '2026-03-07', birds: [{}] });
    expect(body.currentLocation).toBeUndefined();
  });

  it("finds, on the right fields, the problems only the API's whole-body check sees", () => {
    const body = checklistBody({
      checklistName: 'Phobjikha',
      birder: 'Sonam',
      selectedDate: '2999-01-01',
      birds: [{ birdName: 'Crane', adult: 5, juvenile: 1, total: 3 }, { birdName: 'x' }],
    });
    const problems = checklistProblems(body);
    const at = (name: (string | number)[]) =>
      problems.find((p) => JSON.stringify(p.name) === JSON.stringify(name))?.errors ?? [];
    expect(at(['selectedDate'])).toEqual(['Date 2999-01-01 is in the future']);
    expect(at(['birds', 0, 'total'])).toEqual(['Total (3) must be at least adults + juveniles (6)']);
    expect(at(['birds', 1, 'birdName'])).toEqual(['Bird name must be at least 2 characters']);
  });

  it('shows a half-given position on the latitude box', () => {
    const body = checklistBody({
      checklistName: 'Phobjikha',
      birder: 'Sonam',
      selectedDate: '2026-03-07',
      currentLocation: { latitude: 27.4 },
      birds: [{ birdName: 'Crane' }],
    });
    expect(checklistProblems(body)).toEqual([
      { name: ['currentLocation', 'latitude'], errors: ['Latitude and longitude must be given together'] },
    ]);
  });

  it('needs a birder and at least one bird', () => {
    const problems = checklistProblems(
      checklistBody({ checklistName: 'Phobjikha', selectedDate: bhutanToday(), birds: [] }),
    );
    expect(problems.map((p) => p.name.join('.')).sort()).toEqual(['birder', 'birds']);
  });
});
