import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import StaffApp from '../StaffApp';

/** The whole staff panel at a URL under /admin-page, as a signed-in officer's browser opens it (screen tests). */
export function openStaffPanel(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/admin-page/*" element={<StaffApp />} />
      </Routes>
    </MemoryRouter>,
  );
}
