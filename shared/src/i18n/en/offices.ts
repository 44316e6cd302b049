/** English texts of the national address, the list of offices. Keys are shared with ../bn/offices.ts. */
export const offices = {
  'offices.service': 'Irrigation tube-well licence service',
  'offices.title': 'Choose your upazila office',
  'offices.intro': 'Choose your upazila office to apply, follow an application or print a licence.',
  'offices.licenceCheck': 'Choose the upazila office that issued the licence; it is checked there.',
  'offices.search': 'Upazila or district name',
  'offices.district': 'District',
  'offices.allDistricts': 'All districts',
  'offices.find': 'Search',
  'offices.count': '{count} offices',
  'offices.none': 'No office by this name. Check the spelling and search again.',
  'offices.noAddress': 'No web address yet',
  'offices.otherArea': 'Other',
  'offices.otherLanguage': 'বাংলা',
};
