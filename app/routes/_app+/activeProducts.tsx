import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { Field, SelectField, TextareaField, formConstraint } from '~/components/forms'
import { PageTabs } from '~/components/layout'
import {
  ProductFilters,
  ProductTable,
  ReservationFilters,
  ReservationTable,
  ReserveFormActions,
  type Lookups,
  tableList,
} from '~/components/products'
import { Pagination } from '~/components/ui/table'
import { Toaster } from '~/components/ui/toaster'
import { productLookups } from '~/models/lookup.server'
import {
  createProduct,
  DEFAULT_COMMISSION_POLICY,
  DEFAULT_INSTRUCTION,
  DEFAULT_REFUND_POLICY,
  listProducts,
} from '~/models/product.server'
import { listReservations, RESERVATION_MINUTES } from '~/models/reservation.server'
import { requireUser } from '~/utils/auth.server'
import {
  releaseAndRedirect,
  reserveAndRedirect,
  samePage,
  setStatusAndRedirect,
} from '~/utils/product-actions.server'
import { fieldErrorsOf, pageOrNotFound } from '~/models/result'
import {
  ProductListQuery,
  readQueryLenient,
  reservationFiltersFromUrl,
} from '~/schemas/list-queries'
import { makeToast, redirectWithToast } from '~/utils/toast.server'
import { readForm, RequestTooLargeError } from '~/utils/upload.server'
import type { z } from 'zod'
import { ProductSchema, ReserveSchema } from '~/validation/product'

export const meta: MetaFunction = () => [{ title: 'Active Products' }]

type TabId = 'add' | 'products' | 'reserve' | 'reserved'
const TAB_LABELS: Record<TabId, string> = {
  add: 'ADD',
  products: 'PRODUCTS',
  reserve: 'ADD NEW RESERVATION',
  reserved: 'RESERVED',
}

/** pmm: ADD, PRODUCTS, ADD NEW RESERVATION, RESERVED (default PRODUCTS); others without ADD. */
function tabsFor(role: string): TabId[] {
  return role === 'pmm'
    ? ['add', 'products', 'reserve', 'reserved']
    : ['products', 'reserve', 'reserved']
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const params = new URL(request.url).searchParams
  const tabs = tabsFor(user.role)
  const tab = tabs.find((t) => t === params.get('tab')) ?? 'products'
  const lookups: Lookups = productLookups()
  return {
    reserveMinutes: RESERVATION_MINUTES,
    role: user.role,
    tab,
    tabs: tabs.map((id) => ({ id, label: TAB_LABELS[id] })),
    lookups,
    products:
      tab === 'products'
        ? tableList(
            pageOrNotFound(
              listProducts(user, 'catalog', readQueryLenient(ProductListQuery, params)),
            ),
          )
        : null,
    reservations:
      tab === 'reserved' ? listReservations(user, reservationFiltersFromUrl(params)) : null,
    defaults:
      tab === 'add'
        ? {
            instruction: DEFAULT_INSTRUCTION,
            refundPolicy: DEFAULT_REFUND_POLICY,
            commissionPolicy: DEFAULT_COMMISSION_POLICY,
          }
        : null,
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  let form: FormData
  try {
    form = await readForm(request)
  } catch (error) {
    if (!(error instanceof RequestTooLargeError)) throw error
    return data({ result: null, toast: makeToast('error', error.message) }, { status: 413 })
  }
  const intent = form.get('intent')

  if (intent === 'add') {
    const submission = parseWithZod(form, { schema: ProductSchema })
    if (submission.status !== 'success') {
      return data(
        { result: submission.reply({ hideFields: ['image', 'screenShot'] }), toast: null },
        { status: 400 },
      )
    }
    const created = await createProduct(user, submission.value)
    if (!created.ok) {
      return data(
        {
          result: submission.reply({
            hideFields: ['image', 'screenShot'],
            fieldErrors: fieldErrorsOf(created),
          }),
          toast: null,
        },
        { status: created.code === 'forbidden' ? 403 : 400 },
      )
    }
    return redirectWithToast('/activeProducts?tab=products', {
      type: 'success',
      message: 'Product added successfully.',
    })
  }

  if (intent === 'reserve') {
    // The Reserve button of a table row: back to the same list either way.
    if (form.get('from') !== 'tab') {
      return reserveAndRedirect(user, form.get('pId'), {
        success: samePage(request),
        failure: samePage(request),
      })
    }
    const submission = parseWithZod(form, { schema: ReserveSchema })
    if (submission.status !== 'success') {
      return data({ result: submission.reply(), toast: null }, { status: 400 })
    }
    return reserveAndRedirect(user, submission.value.pId, {
      success: '/activeProducts?tab=reserved',
      failure: '/activeProducts?tab=reserve',
    })
  }

  if (intent === 'setStatus') return setStatusAndRedirect(user, form, samePage(request))
  if (intent === 'release') return releaseAndRedirect(user, form, samePage(request))
  return data({ result: null, toast: makeToast('error', 'Unknown action.') }, { status: 400 })
}

export default function ActiveProducts() {
  const { role, tab, tabs, lookups, products, reservations, defaults, reserveMinutes } =
    useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const location = useLocation()
  return (
    <section className="panel">
      <h1 className="sr-only">Active Products</h1>
      <PageTabs
        tabs={tabs.map((t) => ({ label: t.label, to: `?tab=${t.id}`, active: t.id === tab }))}
      />
      {tab === 'add' && defaults ? (
        <AddProductForm lookups={lookups} defaults={defaults} lastResult={actionData?.result} />
      ) : null}
      {tab === 'products' && products ? (
        <>
          <ProductFilters lookups={lookups} tab="products" />
          <ProductTable
            caption="Products"
            rows={products.rows}
            action={role === 'pm' ? 'reserve' : 'switch'}
          />
          <Pagination page={products.page} pageCount={products.pageCount} total={products.total} />
        </>
      ) : null}
      {tab === 'reserve' ? (
        <ReserveForm key={location.key} lastResult={actionData?.result} minutes={reserveMinutes} />
      ) : null}
      {tab === 'reserved' && reservations ? (
        <>
          <ReservationFilters
            markets={lookups.markets}
            tab="reserved"
            productIdLabel="Search by Product ID"
          />
          <ReservationTable
            rows={reservations.rows}
            showTimeLeft={false}
            releaseLabel="Release"
            createOrderLabel="Create Order"
          />
          <Pagination
            page={reservations.page}
            pageCount={reservations.pageCount}
            total={reservations.total}
          />
        </>
      ) : null}
      <Toaster toast={actionData?.toast} />
    </section>
  )
}

type LastResult = SubmissionResult<string[]> | null | undefined

function ReserveForm({ lastResult, minutes }: { lastResult: LastResult; minutes: number }) {
  const [form, fields] = useForm<z.input<typeof ReserveSchema>>({
    id: 'reserve',
    lastResult,
    constraint: formConstraint(ReserveSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ReserveSchema }),
  })
  return (
    <Form method="post" {...getFormProps(form)} className="reserve-form">
      <input type="hidden" name="intent" value="reserve" />
      <input type="hidden" name="from" value="tab" />
      <Field
        label="Enter Product ID"
        inputProps={{
          ...getInputProps(fields.pId, { type: 'text' }),
          inputMode: 'numeric',
          autoComplete: 'off',
        }}
        errors={fields.pId.errors}
      />
      <ReserveFormActions minutes={minutes} />
    </Form>
  )
}

function AddProductForm({
  lookups,
  defaults,
  lastResult,
}: {
  lookups: Lookups
  defaults: { instruction: string; refundPolicy: string; commissionPolicy: string }
  lastResult: LastResult
}) {
  const navigation = useNavigation()
  const [form, fields] = useForm<z.input<typeof ProductSchema>>({
    id: 'add-product',
    lastResult,
    defaultValue: defaults,
    constraint: formConstraint(ProductSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProductSchema }),
  })
  const options = (list: Array<{ id: number; name: string }>) =>
    list.map((o) => ({ value: String(o.id), label: o.name }))
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid-2">
      <input type="hidden" name="intent" value="add" />
      <Field
        label="Keywords"
        inputProps={getInputProps(fields.keywords, { type: 'text' })}
        errors={fields.keywords.errors}
      />
      <Field
        label="Brand Name"
        inputProps={getInputProps(fields.brandName, { type: 'text' })}
        errors={fields.brandName.errors}
      />
      <Field
        label="Sold By"
        inputProps={getInputProps(fields.soldBy, { type: 'text' })}
        errors={fields.soldBy.errors}
      />
      <SelectField
        label="Market"
        selectProps={getSelectProps(fields.market)}
        options={lookups.markets.map((m) => ({ value: String(m.id), label: m.name }))}
        placeholder="Select a market"
        errors={fields.market.errors}
      />
      <SelectField
        label="Chinese Seller"
        selectProps={getSelectProps(fields.chineseSeller)}
        options={options(lookups.sellers)}
        placeholder="Select a Chinese seller"
        errors={fields.chineseSeller.errors}
      />
      <SelectField
        label="Category"
        selectProps={getSelectProps(fields.categoryId)}
        options={options(lookups.categories)}
        placeholder="Select a category"
        errors={fields.categoryId.errors}
      />
      <Field
        label="Commission"
        inputProps={{ ...getInputProps(fields.commission, { type: 'text' }), inputMode: 'decimal' }}
        errors={fields.commission.errors}
      />
      <Field
        label="Website Commission"
        inputProps={{
          ...getInputProps(fields.websiteCommission, { type: 'text' }),
          inputMode: 'decimal',
        }}
        errors={fields.websiteCommission.errors}
      />
      <Field
        label="Daily Sale Limit"
        inputProps={{
          ...getInputProps(fields.limitPerDay, { type: 'text' }),
          inputMode: 'numeric',
        }}
        errors={fields.limitPerDay.errors}
      />
      <Field
        label="Overall Sale Limit"
        inputProps={{ ...getInputProps(fields.limit, { type: 'text' }), inputMode: 'numeric' }}
        errors={fields.limit.errors}
      />
      <Field
        label="End Marketing Date"
        inputProps={getInputProps(fields.marketing, { type: 'date' })}
        hint="Optional: without one the product never ends."
        errors={fields.marketing.errors}
      />
      <div className="grid-2__full">
        <TextareaField
          label="Instruction"
          textareaProps={getTextareaProps(fields.instruction)}
          errors={fields.instruction.errors}
        />
      </div>
      <TextareaField
        label="Refund Policy"
        textareaProps={getTextareaProps(fields.refundPolicy)}
        errors={fields.refundPolicy.errors}
      />
      <TextareaField
        label="Commission Policy"
        textareaProps={getTextareaProps(fields.commissionPolicy)}
        errors={fields.commissionPolicy.errors}
      />
      <Field
        label="Product Picture"
        inputProps={{ ...getInputProps(fields.image, { type: 'file' }), accept: 'image/*' }}
        errors={fields.image.errors}
      />
      <Field
        label="Marketplace Picture"
        inputProps={{ ...getInputProps(fields.screenShot, { type: 'file' }), accept: 'image/*' }}
        errors={fields.screenShot.errors}
      />
      <div className="grid-2__full form-actions">
        <button
          type="submit"
          className="btn btn--primary"
          disabled={navigation.state === 'submitting'}
        >
          Add Product
        </button>
      </div>
    </Form>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
