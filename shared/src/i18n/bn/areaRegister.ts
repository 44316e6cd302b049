/**
 * Bangla texts of the register across an area (docs/decisions/057-offices.md, step 4): the national
 * administrator's and the area viewers' read-only lists. Keys are shared with ../en/areaRegister.ts.
 */
export const areaRegister = {
  'areaRegister.tab': 'আবেদনের তালিকা',
  'areaRegister.list': 'তালিকা',
  'areaRegister.office': 'অফিস',
  'areaRegister.allOffices': 'এলাকার সব অফিস',
  'areaRegister.readOnly': 'শুধু দেখার জন্য: আবেদনে কোনো পরিবর্তন অফিসের নিজের ঠিকানা থেকে করতে হয়।',
};
