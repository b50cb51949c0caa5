// Public entry of the courses feature: its routes, and the student's courses as practice and file downloads see them.
export { courseRoutes } from './routes';
export { coursesUsingFile, scopeOf } from './service';
export { findStudentCourse, listStudentCourses } from './repository';
