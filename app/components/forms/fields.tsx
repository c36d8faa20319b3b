import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react'
import { PicturePreview, usePictureInput } from './picture-input'
import type { FieldMeta } from './use-app-form'

export type ListOfErrors = Array<string | null | undefined> | null | undefined

/** Shows the first error of a field (the spec's messages come one at a time). */
export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const first = errors?.find(Boolean)
  if (!first) return null
  return (
    <p id={id} className="field__error">
      {first}
    </p>
  )
}

/** The ids that tie a control to its label and its error, and the ARIA the control needs. */
function useFieldIds(givenId: string | undefined, errors: ListOfErrors) {
  const fallbackId = useId()
  const id = givenId ?? fallbackId
  const errorId = errors?.length ? `${id}-error` : undefined
  return {
    id,
    errorId,
    aria: { 'aria-invalid': errorId ? true : undefined, 'aria-describedby': errorId },
  }
}

/** The frame every control shares: its label, an optional hint and its first error. */
function FieldShell({
  id,
  errorId,
  label,
  hint,
  errors,
  className,
  children,
  after,
}: {
  id: string
  errorId: string | undefined
  label: ReactNode
  hint?: ReactNode
  errors?: ListOfErrors
  className?: string
  children: ReactNode
  /** Shown under the control, its hint and its error (a picture's preview). */
  after?: ReactNode
}) {
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children}
      {hint ? <p className="field__hint">{hint}</p> : null}
      <ErrorList id={errorId} errors={errors} />
      {after}
    </div>
  )
}

type FieldProps = {
  label: ReactNode
  inputProps: InputHTMLAttributes<HTMLInputElement>
  errors?: ListOfErrors
  hint?: ReactNode
  className?: string
  after?: ReactNode
}

export function Field({ label, inputProps, errors, hint, className, after }: FieldProps) {
  const props = inputProps
  const { id, errorId, aria } = useFieldIds(props.id, errors)
  return (
    <FieldShell {...{ id, errorId, label, hint, errors, className, after }}>
      <input {...props} id={id} className="field__input" {...aria} />
    </FieldShell>
  )
}

type SelectFieldProps = {
  label: ReactNode
  selectProps: SelectHTMLAttributes<HTMLSelectElement>
  options: ReadonlyArray<{ value: string; label: string }>
  placeholder?: string
  errors?: ListOfErrors
}

export function SelectField({
  label,
  selectProps,
  options,
  placeholder,
  errors,
}: SelectFieldProps) {
  const props = selectProps
  const { id, errorId, aria } = useFieldIds(props.id, errors)
  return (
    <FieldShell {...{ id, errorId, label, errors }}>
      <select {...props} id={id} className="field__input" {...aria}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  )
}

type TextareaFieldProps = {
  label: ReactNode
  textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement>
  errors?: ListOfErrors
}

export function TextareaField({ label, textareaProps, errors }: TextareaFieldProps) {
  const props = textareaProps
  const { id, errorId, aria } = useFieldIds(props.id, errors)
  return (
    <FieldShell {...{ id, errorId, label, errors }}>
      <textarea rows={4} {...props} id={id} className="field__input" {...aria} />
    </FieldShell>
  )
}

type InputType = 'text' | 'email' | 'password' | 'tel' | 'date' | 'file'

/** A useAppForm field's control: its id, name, whether it is required and its first value. */
const controlOf = (meta: FieldMeta) => ({
  id: meta.id,
  name: meta.name,
  required: meta.required || undefined,
  defaultValue: meta.initialValue,
})

/**
 * A useAppForm field as a labelled input: its name, id, value and errors come from the field's
 * metadata; any other attribute (autoComplete, inputMode, accept) is passed on.
 */
export function InputField({
  meta,
  label,
  type = 'text',
  hint,
  after,
  ...attributes
}: {
  meta: FieldMeta
  label: ReactNode
  type?: InputType
  hint?: ReactNode
  after?: ReactNode
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <Field
      label={label}
      hint={hint}
      after={after}
      inputProps={{
        ...controlOf(meta),
        // A file input cannot be given a value.
        ...(type === 'file' ? { defaultValue: undefined } : null),
        type,
        ...attributes,
      }}
      errors={meta.errors}
    />
  )
}

/** A useAppForm field as a labelled select of `choices` (their id is the value, their name shown). */
export function SelectInput({
  meta,
  label,
  choices,
  placeholder,
}: {
  meta: FieldMeta
  label: ReactNode
  choices: ReadonlyArray<{ id: string | number; name: string }>
  placeholder?: string
}) {
  return (
    <SelectField
      label={label}
      selectProps={controlOf(meta)}
      options={choices.map((c) => ({ value: String(c.id), label: c.name }))}
      placeholder={placeholder}
      errors={meta.errors}
    />
  )
}

/** A useAppForm field as a labelled multi-line text. */
export function TextareaInput({ meta, label }: { meta: FieldMeta; label: ReactNode }) {
  return <TextareaField label={label} textareaProps={controlOf(meta)} errors={meta.errors} />
}

/**
 * A useAppForm picture field: a file input that offers pictures only; with JavaScript the chosen
 * picture is shrunk before it is sent, and shown with its size (usePictureInput).
 */
export function PictureField({ meta, label }: { meta: FieldMeta; label: ReactNode }) {
  const { onChange, preview } = usePictureInput(meta.id)
  return (
    <InputField
      meta={meta}
      label={label}
      type="file"
      accept="image/*"
      onChange={onChange}
      after={<PicturePreview inputId={meta.id} preview={preview} />}
    />
  )
}

/** A picture input outside useAppForm (its name, id and errors given), shrunk as PictureField's. */
export function PictureInput({
  label,
  inputProps,
  errors,
  hint,
}: {
  label: ReactNode
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string; name: string }
  errors?: ListOfErrors
  hint?: ReactNode
}) {
  const { onChange, preview } = usePictureInput(inputProps.id)
  return (
    <Field
      label={label}
      inputProps={{ ...inputProps, type: 'file', accept: 'image/*', onChange }}
      errors={errors}
      hint={hint}
      after={<PicturePreview inputId={inputProps.id} preview={preview} />}
    />
  )
}
