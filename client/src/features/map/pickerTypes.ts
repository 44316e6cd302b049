import type { NearbyWell } from '@portal/shared/schemas/map';

export interface PickerMark {
  latitude: number;
  longitude: number;
  label: string;
  /** 'applicant': the position the form gave, drawn larger in orange; otherwise a photo's place. */
  tone?: 'photo' | 'applicant';
}

/** What the picker's Leaflet part (PickerMap, a lazy chunk) is given; kept here so the form's chunk needs no Leaflet types. */
export interface PickerMapProps {
  position: { latitude: number; longitude: number } | null;
  /** Where to look first when there is no pin yet (a site visit: the applicant's position), else the office. */
  around?: { latitude: number; longitude: number } | null;
  /** The last GPS fix, drawn as its accuracy circle. */
  accuracy: { latitude: number; longitude: number; metres: number } | null;
  /** The application's own command-area radius, drawn around the pin. */
  radiusM?: number | null;
  /** Licensed wells near this application (the siting check), drawn with their command areas. */
  wells?: readonly NearbyWell[];
  /** Small points beside the pin: a site visit's photos where they were taken, the applicant's own position. */
  marks?: readonly PickerMark[];
  disabled?: boolean;
  label: string;
  pinLabel: string;
  /** A tap or a drag; answers false when the place was refused (outside Bangladesh), so the pin goes back. */
  onPick: (latitude: number, longitude: number) => boolean;
}
