import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { bn } from '@portal/shared/i18n/index';
import { newApplicationFieldsObject } from '@portal/shared/kinds/new';
import { LocaleProvider } from '../../i18n/locale';
import NewApplication from '../../routes/public/NewApplication';

/**
 * The location picker (docs/decisions/029-map-picker-and-live-map.md) in the citizen's new-licence
 * form; BADC's use of it, on the site visit's map, is in field-visit/InspectMap.test.tsx. jsdom
 * draws no tiles, but Leaflet itself runs: the pin, the taps and the texts are tested here; the
 * screenshots in the decision show the real thing.
 */
const OFFICE = { latitude: 23.8103, longitude: 90.4125 };
const SETTINGS = {
  websiteTitle: 'সেচ',
  address: 'সাভার',
  others1: 'ON',
  others2: '',
  officeLatitude: OFFICE.latitude,
  officeLongitude: OFFICE.longitude,
};

beforeEach(() => {
  localStorage.clear();
  window.scrollTo = () => {};
  Element.prototype.scrollIntoView = () => {};
  vi.stubGlobal('fetch', async (url: string) => {
    const body = url.endsWith('/api/public/localities') ? { unions: [], posts: [] } : SETTINGS;
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** navigator.geolocation answering one fix, as a phone would. */
function phoneAt(latitude: number, longitude: number, accuracy: number) {
  vi.stubGlobal('navigator', {
    ...navigator,
    geolocation: {
      getCurrentPosition: (ok: PositionCallback) =>
        ok({ coords: { latitude, longitude, accuracy } } as GeolocationPosition),
    },
  });
}

/** The form, once its picker has arrived (it follows the form's first paint, decision 044). */
async function openNewForm() {
  render(
    <LocaleProvider>
      <MemoryRouter>
        <NewApplication />
      </MemoryRouter>
    </LocaleProvider>,
  );
  await screen.findByRole('button', { name: bn['map.picker.useMyLocation'] }, { timeout: 10_000 });
}
const latitudeBox = () => document.getElementById('f-latitude') as HTMLInputElement;
const longitudeBox = () => document.getElementById('f-longitude') as HTMLInputElement;
const useMyLocation = () => fireEvent.click(screen.getByRole('button', { name: bn['map.picker.useMyLocation'] }));
const current = (lat: string, lng: string) => bn['map.picker.current'].replace('{lat}', lat).replace('{lng}', lng);

describe('the picker in the new-licence form', () => {
  it('moves the pin to coordinates typed in Bangla digits, and shows them', async () => {
    await openNewForm();
    expect(screen.getByText(bn['map.picker.none'])).toBeTruthy();
    fireEvent.change(latitudeBox(), { target: { value: '২৩.৯১২৩' } });
    fireEvent.change(longitudeBox(), { target: { value: '৯০.২৫' } });
    expect(screen.getByText(current('২৩.৯১২৩', '৯০.২৫'))).toBeTruthy();
    // The pin is on the (lazily loaded) map.
    await waitFor(() => expect(document.querySelector('.well-pin')).not.toBeNull(), { timeout: 10_000 });
    // What the form keeps is what was typed; the server's own field schema reads it as the number.
    expect(newApplicationFieldsObject.shape.latitude.parse(latitudeBox().value)).toBe(23.9123);
  });

  it('refuses a position outside Bangladesh with a Bangla message, typed or from GPS', async () => {
    await openNewForm();
    fireEvent.change(latitudeBox(), { target: { value: '৫১.৫' } });
    fireEvent.change(longitudeBox(), { target: { value: '০.১২' } });
    expect(screen.getByText(bn['map.picker.outside']).getAttribute('role')).toBe('alert');
    expect(screen.getByText(bn['map.picker.none'])).toBeTruthy();

    fireEvent.change(latitudeBox(), { target: { value: '' } });
    fireEvent.change(longitudeBox(), { target: { value: '' } });
    expect(screen.queryByText(bn['map.picker.outside'])).toBeNull();
    phoneAt(51.5072, -0.1276, 8); // London
    useMyLocation();
    expect(await screen.findByText(bn['map.picker.outside'])).toBeTruthy();
    expect(latitudeBox().value).toBe('');
    expect(longitudeBox().value).toBe('');
  });

  it('fills the boxes from GPS and warns when the accuracy is worse than 30 m', async () => {
    await openNewForm();
    phoneAt(23.8, 90.4, 50);
    useMyLocation();
    const warning = bn['map.picker.poorAccuracy'].replace('{metres}', '৫০');
    expect(await screen.findByText(warning)).toBeTruthy();
    expect(latitudeBox().value).toBe('23.800000');
    expect(longitudeBox().value).toBe('90.400000');
    expect(newApplicationFieldsObject.shape.longitude.parse(longitudeBox().value)).toBe(90.4);

    phoneAt(23.81, 90.41, 12);
    useMyLocation();
    expect(await screen.findByText(bn['map.picker.accuracy'].replace('{metres}', '১২'))).toBeTruthy();
    expect(screen.queryByText(warning)).toBeNull();
  });

  it('places the pin where the map is tapped', async () => {
    // The phone kept the office's settings from an earlier visit, so the map opens on the office
    // at once (a tap before the settings arrive would land on the country's centre).
    localStorage.setItem('cache:public-settings', JSON.stringify(SETTINGS));
    await openNewForm();
    const map = await screen.findByLabelText(bn['map.picker.label'], undefined, { timeout: 10_000 });
    // jsdom gives the map no size, so every tap lands on its centre: the office until a pin is set.
    await waitFor(() => expect(map.classList.contains('leaflet-container')).toBe(true));
    fireEvent.click(map, { clientX: 0, clientY: 0 });
    await waitFor(() => expect(latitudeBox().value).not.toBe(''));
    expect(Number(latitudeBox().value)).toBeCloseTo(OFFICE.latitude, 3);
    expect(Number(longitudeBox().value)).toBeCloseTo(OFFICE.longitude, 3);
  });
});
