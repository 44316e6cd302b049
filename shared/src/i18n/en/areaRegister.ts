/** English texts of the register across an area. Keys are shared with ../bn/areaRegister.ts. */
export const areaRegister = {
  'areaRegister.tab': 'Applications',
  'areaRegister.list': 'List',
  'areaRegister.office': 'Office',
  'areaRegister.allOffices': 'Every office of the area',
  'areaRegister.readOnly': "Read only: an application is changed at its office's own address.",
};
