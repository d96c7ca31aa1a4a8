import InsetServiceTestSupport
import Testing

/// `openapi.yaml` names exactly the files of the playground's folder: the `file` that `GET /playground/{file}`
/// takes is an enum of them (so a generated request names a file that is there), the page first. A module added
/// to the folder without its name in the spec, or a name left after its file went, fails here.
@Suite("openapi.yaml lists the playground's files")
struct PlaygroundSpecTests {
    @Test func theSpecNamesEveryFileOfTheFolderAndNoOther() throws {
        let names = ProblemTypeSpecTests.enumeration(try openAPISpec(), "PlaygroundFile")
        #expect(Set(names).count == names.count, "a name listed twice")
        #expect(names.sorted() == (try playgroundFolderOnDisk()))
        #expect(names.first == "index.html")
    }
}
