// The one place the web reads the clock. The school's calendar (today, tomorrow, the latest birth date) comes from
// @volant/shared/school-time with this clock, as the server's comes with ctx.now().
export function browserNow(): Date {
  return new Date();
}
