import { Outlet } from 'react-router';

/** blank: nothing around the page (landing, projector displays, full-screen editors). */
export function BlankLayout() {
  return (
    <div className="layout layout--blank">
      <Outlet />
    </div>
  );
}
