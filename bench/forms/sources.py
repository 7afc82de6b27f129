"""Which source a benchmark form comes from: the unit of per-source figures and of
leave-one-source-out cross-validation (issue 15).

A source is a group of forms made by one publisher in one house style, so that a model tested on a
source never saw a sibling of the form it is tested on: the repository from
`forms-large/src/manifest.json`, with pdf-lib's collection split by kind and US state (IRS federal
forms and each state's tax forms are drawn by different agencies). The 15 original forms
(`../shared/corpus/forms`, no manifest) are grouped by their id prefix.
"""
import json
import os

# Repositories holding one form or one family: a readable short name.
REPO_NAMES = {
    "comune-abbiategrasso/modulistica": "it",
    "digitalservicebund/a2j-rechtsantragstelle": "de-court",
    "pfaffelh/pdf_form": "de-hr",
    "chinapandaman/PyPDFForm": "fr-ppf",
    "gp777-BEEP/cerfa-drone": "fr-cerfa",
    "booq-com-pl/booq-document-factory": "pl",
    "JaviMaciasG/pdf-form-id-fill": "es",
    "EvanDavidYoung/DjangoFormGenerator": "sofc",
}


def load_manifest(truth_dir):
    """The manifest beside a corpus's truth folder, by form id ({} when there is none)."""
    path = os.path.join(os.path.dirname(os.path.abspath(truth_dir)), "src", "manifest.json")
    if not os.path.exists(path):
        return {}
    return {m["id"]: m for m in json.load(open(path))}


def source_of(form_id, manifest):
    """The source group of one form."""
    m = manifest.get(form_id)
    if m is None:
        return form_id.split("_")[0]
    repo = m["repo"]
    if repo == "Hopding/pdf-lib":
        if m["kind"] == "tax-us-federal":
            return "irs"
        if m["kind"] == "tax-us-state":
            return "us-" + form_id.split("_")[0]
        return "misc"
    if repo.startswith("SuffolkLITLab/"):
        return "suffolk"
    return REPO_NAMES.get(repo, repo.split("/")[0])
