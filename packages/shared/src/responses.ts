// Response schemas of the session, profile and student routes that existed before the question bank: the
// server serialises through them, so a field that is not listed here never leaves it (a password hash, an
// access window, a course's author…). Each mirrors its TypeScript interface, checked below at compile time.
import { z } from 'zod';
import type { LoginResult, User } from './auth';
import type { Chapter, FileInfo, StudentCourse, StudentCourseDetail } from './courses';
import { envelopeSchema } from './common';
import { ROLES } from './helper';

const flag = z.union([z.literal(0), z.literal(1)]);
const specializationRef = z.object({ id: z.number().int(), name: z.string(), code: z.string() });

export const userSchema = z.object({
  id: z.number().int(),
  last_name: z.string(),
  first_name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  is_premium: flag,
  student_number: z.string().nullable(),
  must_change_password: flag,
  specializations: z.array(specializationRef),
  academic_year_id: z.number().int().nullable(),
});
export const loginResultSchema = userSchema.extend({ token: z.string() });

export const fileInfoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number(),
  mime: z.string(),
  url: z.string(),
  inline_url: z.string().nullable(),
});

export const chapterSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  title: z.string(),
  content: z.string(),
  position: z.number().int(),
  files: z.array(fileInfoSchema),
  created_at: z.string(),
  updated_at: z.string(),
});

export const studentCourseSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  is_premium: flag,
  academic_year_label: z.string(),
  specializations: z.array(specializationRef),
  chapters_count: z.number().int(),
  updated_at: z.string(),
});
export const studentCourseDetailSchema = studentCourseSchema.extend({ chapters: z.array(chapterSchema) });

export const userEnvelopeSchema = envelopeSchema(userSchema);
export const loginEnvelopeSchema = envelopeSchema(loginResultSchema);
export const studentCoursesEnvelopeSchema = envelopeSchema(z.array(studentCourseSchema));
export const studentCourseEnvelopeSchema = envelopeSchema(studentCourseDetailSchema);

// Compile-time check that each schema and its interface say the same thing.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const agree = <T extends true>(): T | undefined => undefined;
agree<Same<z.infer<typeof userSchema>, User>>();
agree<Same<z.infer<typeof loginResultSchema>, LoginResult>>();
agree<Same<z.infer<typeof fileInfoSchema>, FileInfo>>();
agree<Same<z.infer<typeof chapterSchema>, Chapter>>();
agree<Same<z.infer<typeof studentCourseSchema>, StudentCourse>>();
agree<Same<z.infer<typeof studentCourseDetailSchema>, StudentCourseDetail>>();
